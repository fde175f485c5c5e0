import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventTypes, readmeSections, renderReadme } from './readme-sections.js';

const checkout = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(join(checkout, 'README.md'), 'utf8');

describe("README.md's generated sections", () => {
  it('match the code (run `node tools/cli/scripts/render-readme.mjs` after pnpm build to rewrite them)', () => {
    expect(renderReadme(readme, readmeSections(checkout))).toBe(readme);
  });

  it('list every event of the MultiHopEvent union, the first one (hop-started) included', () => {
    const names = eventTypes(checkout);
    expect(names[0]).toBe('hop-started');
    expect(names.at(-1)).toBe('finished');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(readme).toContain(`\`${name}\``);
  });

  it('refuses a README without the markers, naming the one missing', () => {
    expect(() => renderReadme('# no markers', { events: 'x' })).toThrow('<!-- generated:events:begin -->');
  });
});
