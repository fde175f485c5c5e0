#!/usr/bin/env node
// prepack of the packages that ship default files: copies the checkout's files into the package's
// `assets/` folder (gitignored), where the package finds them when it is installed from npm. In the
// checkout the package reads the checkout's files directly, so there is one source of truth.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const assetsByPackage = {
  '@rootweaver/capabilities': {
    'multi_hop.yaml': 'configs/retrieval/multi_hop.yaml',
    'bootstrap.json': 'configs/flags/bootstrap.json',
  },
  '@rootweaver/cli': {
    'sample-corpus': 'examples/sample-corpus',
    'golden-set.json': 'examples/golden-set.json',
  },
};

const packageDirectory = process.cwd();
const { name } = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8'));
const assets = assetsByPackage[name];
if (assets === undefined) {
  console.error(`copy-package-assets: no assets are listed for ${name}`);
  process.exit(1);
}
const target = join(packageDirectory, 'assets');
rmSync(target, { recursive: true, force: true });
for (const [assetName, checkoutPath] of Object.entries(assets)) {
  cpSync(join(root, checkoutPath), join(target, assetName), { recursive: true });
}
console.error(`copy-package-assets: ${name}: ${Object.keys(assets).join(', ')}`);
