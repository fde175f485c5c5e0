import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultAssetPath, findRootweaverCheckout } from './rootweaver-checkout.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rw-checkout-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('findRootweaverCheckout', () => {
  it('finds this checkout by its root package.json name', () => {
    const checkout = findRootweaverCheckout(import.meta.url);
    expect(checkout).toBeDefined();
    expect(import.meta.url.startsWith(pathToFileURL(checkout ?? '').href)).toBe(true);
  });

  it('is not fooled by another pnpm workspace or another package.json', () => {
    const root = tree({
      'pnpm-workspace.yaml': 'packages: []\n',
      'package.json': '{"name":"someone-else"}',
      'deep/src/file.js': '',
    });
    expect(findRootweaverCheckout(join(root, 'deep/src/file.js'))).toBeUndefined();
  });

  it('says "installed" for a package under node_modules, even inside a rootweaver checkout', () => {
    const root = tree({
      'package.json': '{"name":"rootweaver"}',
      'node_modules/@rootweaver/capabilities/dist/config/x.js': '',
    });
    expect(findRootweaverCheckout(join(root, 'src/a.js'))).toBe(root);
    expect(
      findRootweaverCheckout(join(root, 'node_modules/@rootweaver/capabilities/dist/config/x.js')),
    ).toBeUndefined();
  });
});

describe('defaultAssetPath', () => {
  it("prefers the checkout's file, else the packaged copy", () => {
    const root = tree({
      'package.json': '{"name":"rootweaver"}',
      'configs/x.yaml': 'a: 1\n',
      'packages/p/assets/x.yaml': 'a: 2\n',
      'node_modules/p/assets/x.yaml': 'a: 3\n',
    });
    const inCheckout = pathToFileURL(join(root, 'packages/p/dist/config/module.js'));
    expect(
      defaultAssetPath({
        packaged: new URL('../../assets/x.yaml', inCheckout),
        checkoutPath: 'configs/x.yaml',
      }),
    ).toBe(join(root, 'configs/x.yaml'));
    expect(
      defaultAssetPath({
        packaged: new URL('../../assets/x.yaml', inCheckout),
        checkoutPath: 'configs/none.yaml',
      }),
    ).toBe(join(root, 'packages/p/assets/x.yaml'));
    const installed = pathToFileURL(join(root, 'node_modules/p/dist/config/module.js'));
    expect(
      defaultAssetPath({
        packaged: new URL('../../assets/x.yaml', installed),
        checkoutPath: 'configs/x.yaml',
      }),
    ).toBe(join(root, 'node_modules/p/assets/x.yaml'));
  });
});
