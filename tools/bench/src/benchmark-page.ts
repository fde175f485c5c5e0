import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Puts `section` (which starts with `<!-- NAME:begin -->` and ends with `<!-- NAME:end -->`) into the page
 * at `path` in place of the previous one, or at its end; a missing page is started.
 */
export function writeBenchmarkSection(path: string, name: string, section: string): void {
  let page = '# Benchmarks\n';
  try {
    page = readFileSync(path, 'utf8');
  } catch {
    // a new page
  }
  const pattern = new RegExp(`<!-- ${name}:begin -->[\\s\\S]*<!-- ${name}:end -->`);
  writeFileSync(
    path,
    pattern.test(page) ? page.replace(pattern, section) : `${page.trimEnd()}\n\n${section}\n`,
  );
}
