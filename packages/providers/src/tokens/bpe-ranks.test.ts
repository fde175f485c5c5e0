import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BpeEncodingName, bpeRanksFile, createBpeCount, readBpeRanks } from './bpe-ranks.js';

// The package counts OpenAI tokens with its own byte-level BPE over the rank files it ships (2.5 MB),
// instead of depending on gpt-tokenizer (27 MB installed). gpt-tokenizer stays a dev dependency: the
// reference these counts must equal, text for text.
const requireHere = createRequire(import.meta.url);
const gptTokenizerData = join(dirname(requireHere.resolve('gpt-tokenizer/package.json')), 'data');
const reference: Record<BpeEncodingName, (text: string) => number> = {
  o200k_base: (requireHere('gpt-tokenizer/encoding/o200k_base') as { countTokens(text: string): number })
    .countTokens,
  cl100k_base: (requireHere('gpt-tokenizer/encoding/cl100k_base') as { countTokens(text: string): number })
    .countTokens,
};
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const sampleCorpus = join(repository, 'examples', 'sample-corpus');

function realTexts(): string[] {
  const files = readdirSync(sampleCorpus).map((name) => readFileSync(join(sampleCorpus, name), 'utf8'));
  const readme = readFileSync(join(repository, 'README.md'), 'utf8');
  return [
    ...files,
    readme,
    'Ünïcödé façade naïve — “quotes” 日本語のテキスト 한국어 العربية 😀👍🏽 👨‍👩‍👧',
    "I'm you're they'll WE'D He'S",
    '  multiple   spaces\n\n\ttabs\r\n\r\nend  ',
    '12345678901234 3.14159 1,000,000',
    'function f(x) { return x ** 2; } // code\n\tif (a && b) {}',
  ];
}

describe.each(['o200k_base', 'cl100k_base'] as const)('%s', (name) => {
  const count = createBpeCount(name);

  it('ships the rank file of gpt-tokenizer (OpenAI’s tiktoken ranks), gzipped', () => {
    const shipped = gunzipSync(readFileSync(bpeRanksFile(name)));
    expect(shipped.equals(readFileSync(join(gptTokenizerData, `${name}.tiktoken`)))).toBe(true);
    expect(readBpeRanks(bpeRanksFile(name)).size).toBe(name === 'o200k_base' ? 199_998 : 100_256);
  });

  it('counts the sample corpus, the README and mixed scripts exactly as gpt-tokenizer does', () => {
    for (const text of realTexts()) expect(count(text), text.slice(0, 40)).toBe(reference[name](text));
  });

  it('counts any text as gpt-tokenizer does (generated: unicode, words, digits, whitespace)', () => {
    const pieces = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', "'s", "'LL", '.', ',', '—', '123', '4567', 'the', 'The'),
      fc.stringMatching(/^[A-Za-z]{1,10}$/),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        // gpt-tokenizer refuses special tokens in text; the shipped counter counts them as text.
        fc.pre(!text.includes('<|'));
        expect(count(text)).toBe(reference[name](text));
      }),
      { numRuns: 400, seed: 26 },
    );
  });

  it('counts a special token written in the text as text, instead of throwing', () => {
    expect(count('<|endoftext|> special')).toBeGreaterThan(2);
  });
});
