import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RootweaverError } from '@rootweaver/core';

/** The trace viewer: one HTML file shipped in the package (`viewer/index.html`), no build step, no CDN. */
export const viewerPagePath = fileURLToPath(new URL('../../viewer/index.html', import.meta.url));

export interface ViewerPage {
  readonly html: string;
  /** Allows the page's own inline script and style (by hash) and requests to its own origin, nothing else. */
  readonly contentSecurityPolicy: string;
}

const hashes = (html: string, tag: 'script' | 'style'): string[] =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );

/** Reads the page once (the same path from `src/` and `dist/`, in the checkout and in the packed package). */
export function loadViewerPage(path: string = viewerPagePath): ViewerPage {
  let html: string;
  try {
    html = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RootweaverError(
      'not-found',
      `The trace viewer page ${path} is missing; reinstall @rootweaver/capabilities (it ships viewer/index.html).`,
      { cause: error },
    );
  }
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${hashes(html, 'script').join(' ')}`,
    `style-src ${hashes(html, 'style').join(' ')}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}
