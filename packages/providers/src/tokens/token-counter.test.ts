import type { TokenCounter } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import {
  cachedTokenCounter,
  countLinear,
  createTokenCounter,
  tokenizerDescription,
  tokenizerFamilyForModel,
  utf8Length,
} from './token-counter.js';

// Counts checked by hand from the decoded pieces of each tokenizer, e.g.
// 'The capital of France is Paris.' → The | ␣capital | ␣of | ␣France | ␣is | ␣Paris | . (all three families)
// 'München' → o200k: M | ün | chen; cl100k and llama3: M | ünchen
// 'antidisestablishmentarianism' → o200k: ant | idis | est | ablishment | arian | ism;
//   cl100k and llama3: ant | idis | establish | ment | arian | ism
const cases: readonly { text: string; o200k: number; cl100k: number; llama3: number }[] = [
  { text: '', o200k: 0, cl100k: 0, llama3: 0 },
  { text: 'hello world', o200k: 2, cl100k: 2, llama3: 2 },
  { text: 'The capital of France is Paris.', o200k: 7, cl100k: 7, llama3: 7 },
  { text: 'München', o200k: 3, cl100k: 2, llama3: 2 },
  { text: 'antidisestablishmentarianism', o200k: 6, cl100k: 6, llama3: 6 },
  { text: '  spaced   out  ', o200k: 5, cl100k: 5, llama3: 5 },
];

describe('createTokenCounter', () => {
  for (const family of ['o200k', 'cl100k', 'llama3'] as const) {
    it(`counts ${family} tokens as the ${family} tokenizer does`, () => {
      const counter = createTokenCounter(family);
      expect(counter.family).toBe(family);
      for (const entry of cases)
        expect(counter.count(entry.text), JSON.stringify(entry.text)).toBe(entry[family]);
    });
  }

  it('describes llama3 counts as approximated by cl100k while llama3-tokenizer-js is missing', () => {
    expect(tokenizerDescription('llama3', () => true)).toBe('llama3');
    expect(tokenizerDescription('llama3', () => false)).toBe(
      'llama3, approximated with cl100k (npm install llama3-tokenizer-js for exact counts)',
    );
    expect(tokenizerDescription('o200k', () => false)).toBe('o200k');
    expect(tokenizerDescription('cl100k', () => false)).toBe('cl100k');
  });

  it('rejects an unknown family', () => {
    expect(() => createTokenCounter('gpt2' as never).count('x')).toThrowError(/o200k, cl100k, llama3/);
  });

  it('picks the family from a model name', () => {
    expect(tokenizerFamilyForModel('gpt-4o-mini')).toBe('o200k');
    expect(tokenizerFamilyForModel('gpt-4.1')).toBe('o200k');
    expect(tokenizerFamilyForModel('gpt-4-turbo')).toBe('cl100k');
    expect(tokenizerFamilyForModel('gpt-3.5-turbo')).toBe('cl100k');
    expect(tokenizerFamilyForModel('meta-llama/Meta-Llama-3-8B-Instruct')).toBe('llama3');
    expect(tokenizerFamilyForModel('qwen2.5-7b')).toBe('o200k');
  });
});

describe('token counting on hostile text (issue 16)', () => {
  it.each(['o200k', 'cl100k', 'llama3'] as const)(
    '%s counts a 100 KB unspaced run in pieces (one piece took 11 s), ordinary text as before',
    (family) => {
      const counter = createTokenCounter(family);
      const run = 'q'.repeat(100_000);
      const pieces = countLinear(run, (text) => counter.count(text));
      expect(pieces).toBe(counter.count(run));
      expect(pieces).toBeGreaterThan(100_000 / 16);
      expect(pieces).toBeLessThanOrEqual(100_000);
      const ordinary = 'The capital of France is Paris.';
      let calls = 0;
      expect(
        countLinear(ordinary, (text) => {
          calls += 1;
          return counter.count(text);
        }),
      ).toBe(7);
      expect(calls).toBe(1);
    },
  );
});

/** A fake tokenizer (one token a word) that records every text it was asked to count. */
function countingFake(): TokenCounter & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    family: 'fake',
    asked,
    count(text: string): number {
      asked.push(text);
      return text.split(/\s+/).filter(Boolean).length;
    },
  };
}

describe('cachedTokenCounter', () => {
  it('tokenizes a text once however often it is counted, with the same count', () => {
    const inner = countingFake();
    const counter = cachedTokenCounter(inner, { entries: 4 });
    const prompt = 'Decompose the question: who founded the Varnel Institute?';
    expect([counter.count(prompt), counter.count(prompt), counter.count(prompt)]).toEqual([8, 8, 8]);
    expect(counter.count('another text')).toBe(2);
    expect(inner.asked).toEqual([prompt, 'another text']);
    expect(counter.family).toBe('fake');
  });

  it('forgets the least recently used text beyond its entries', () => {
    const inner = countingFake();
    const counter = cachedTokenCounter(inner, { entries: 2 });
    counter.count('a');
    counter.count('b');
    counter.count('a'); // a is now the most recent
    counter.count('c'); // evicts b
    counter.count('a');
    counter.count('b');
    expect(inner.asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it("keeps each counter's memory its own", () => {
    const first = countingFake();
    const second = countingFake();
    cachedTokenCounter(first, { entries: 8 }).count('shared words');
    cachedTokenCounter(second, { entries: 8 }).count('shared words');
    expect(second.asked).toEqual(['shared words']);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects %s entries with a clear error', (entries) => {
    expect(() => cachedTokenCounter(countingFake(), { entries })).toThrowError(/positive whole number/);
  });

  it('is what createTokenCounter returns, unless asked for no cache', () => {
    const cached = createTokenCounter('o200k', { preload: true });
    const plain = createTokenCounter('o200k', { cacheEntries: 0 });
    for (const entry of cases) expect(cached.count(entry.text)).toBe(plain.count(entry.text));
  });
});

describe('upperBound', () => {
  it.each([
    '',
    'hello',
    'München',
    '東京',
    '😀 and 👨‍👩‍👧',
    'lone \ud800 surrogate',
    'end \udc00',
    'x\ud83d',
  ])('utf8Length(%j) is Buffer.byteLength', (text) => {
    expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it.each(['o200k', 'cl100k', 'llama3'] as const)('%s: never below the count', (family) => {
    const counter = createTokenCounter(family);
    const texts = [...cases.map((entry) => entry.text), '😀👨‍👩‍👧 東京 ∑ naïve', 'q'.repeat(600)];
    for (const text of texts) expect(counter.upperBound?.(text)).toBeGreaterThanOrEqual(counter.count(text));
  });
});
