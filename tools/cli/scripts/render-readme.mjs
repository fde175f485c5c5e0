#!/usr/bin/env node
// Writes the generated sections of README.md (event names, exit codes) from the built CLI:
//   pnpm build && node tools/cli/scripts/render-readme.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readmeSections, renderReadme } from '../dist/readme-sections.js';

const checkout = fileURLToPath(new URL('../../../', import.meta.url));
const path = `${checkout}README.md`;
const before = readFileSync(path, 'utf8');
const after = renderReadme(before, readmeSections(checkout));
writeFileSync(path, after);
console.log(before === after ? 'README.md is up to date.' : 'README.md: generated sections rewritten.');
