import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root `package.json` of a rootweaver checkout is named this (the marker that finds the checkout). */
export const checkoutPackageName = 'rootweaver';

/**
 * The rootweaver checkout a file sits in: the nearest folder above it whose `package.json` is named
 * `rootweaver`. `undefined` when the file is installed (under `node_modules`) or in no checkout. Another
 * project's `pnpm-workspace.yaml` or `package.json` is never mistaken for it.
 */
export function findRootweaverCheckout(from: string | URL): string | undefined {
  const start = typeof from === 'string' && !from.startsWith('file:') ? resolve(from) : fileURLToPath(from);
  if (start.split(sep).includes('node_modules')) return undefined;
  let directory = start;
  for (;;) {
    if (isCheckoutRoot(directory)) return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

function isCheckoutRoot(directory: string): boolean {
  const manifest = join(directory, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
    return parsed.name === checkoutPackageName;
  } catch {
    return false;
  }
}

/**
 * A default file a package ships in its `assets/` folder (`packaged`, e.g.
 * `new URL('../../assets/multi_hop.yaml', import.meta.url)`), or the checkout's copy at `checkoutPath`
 * (relative to the checkout root) when the package runs from a checkout, so that an edit there takes
 * effect at once. `packaged` is returned when neither exists: the caller's error then names it.
 */
export function defaultAssetPath(options: { readonly packaged: URL; readonly checkoutPath: string }): string {
  const checkout = findRootweaverCheckout(options.packaged);
  if (checkout !== undefined) {
    const inCheckout = join(checkout, options.checkoutPath);
    if (existsSync(inCheckout)) return inCheckout;
  }
  return fileURLToPath(options.packaged);
}
