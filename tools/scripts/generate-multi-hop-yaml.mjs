#!/usr/bin/env node
// Writes configs/retrieval/multi_hop.yaml from the configuration schema (run `pnpm build` first).
// `--check` exits 1 when the file differs from what the schema generates, without writing.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderMultiHopYaml } from '../../packages/capabilities/dist/index.js';

const target = new URL('../../configs/retrieval/multi_hop.yaml', import.meta.url);
const generated = renderMultiHopYaml();
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== generated) {
    console.error(
      'configs/retrieval/multi_hop.yaml differs from the schema: run node tools/scripts/generate-multi-hop-yaml.mjs',
    );
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${target.pathname}`);
}
