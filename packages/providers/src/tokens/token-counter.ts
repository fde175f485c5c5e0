import type { TokenCounter } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { isOptionalDependencyInstalled, requireOptionalDependency } from '../optional-dependency.js';
import { createBpeCount } from './bpe-ranks.js';

/** Tokenizer families: OpenAI's o200k (GPT-4o, GPT-4.1, o-series) and cl100k (GPT-4, GPT-3.5), and Llama 3. */
export type TokenizerFamily = 'o200k' | 'cl100k' | 'llama3';

export const tokenizerFamilies: readonly TokenizerFamily[] = ['o200k', 'cl100k', 'llama3'];

interface Llama3Module {
  readonly default: { encode(text: string, options?: { bos?: boolean; eos?: boolean }): number[] };
}

export interface TokenCounterOptions {
  /**
   * Load the vocabulary now (at start-up) rather than on the first count, so no request pays for it
   * (Llama 3's takes 0.3–3 s). Default false: creating a counter is free.
   */
  readonly preload?: boolean;
  /** Distinct texts whose counts are remembered (`cachedTokenCounter`); 0 for none. Default 256. */
  readonly cacheEntries?: number;
}

export const defaultTokenCountCacheEntries = 256;

/**
 * Whether Llama 3 counts are exact: `llama3-tokenizer-js` (an optional peer, 13 MB) is installed. Without it
 * the `llama3` family counts with cl100k, whose vocabulary Llama 3's extends (an optional peer of the CLI too).
 */
export function llama3TokenizerInstalled(): boolean {
  return isOptionalDependencyInstalled('llama3-tokenizer-js');
}

/**
 * What a family's counts are, for a report or a provider description: `llama3` when exact, else
 * `llama3, approximated with cl100k (npm install llama3-tokenizer-js for exact counts)`.
 */
export function tokenizerDescription(
  family: string,
  installed: () => boolean = llama3TokenizerInstalled,
): string {
  return family === 'llama3' && !installed()
    ? 'llama3, approximated with cl100k (npm install llama3-tokenizer-js for exact counts)'
    : family;
}

/**
 * A `TokenCounter` for a model family. The vocabularies are loaded on first use (they take
 * 0.1–0.4 s and tens of MB) unless `preload` asks for them now. Counts of the latest distinct texts
 * are remembered: a prompt checked against the budget, then counted for usage and again by a caller
 * wrapping the model, is tokenized once.
 * Llama 3 counts exclude the begin/end-of-text tokens, like a chat prompt's content.
 */
export function createTokenCounter(family: TokenizerFamily, options: TokenCounterOptions = {}): TokenCounter {
  let count: ((text: string) => number) | undefined;
  const load = (): ((text: string) => number) => {
    try {
      switch (family) {
        case 'o200k':
          return createBpeCount('o200k_base');
        case 'cl100k':
          return createBpeCount('cl100k_base');
        case 'llama3': {
          // Llama 3's vocabulary extends cl100k's: without the optional tokenizer, cl100k approximates it.
          if (!llama3TokenizerInstalled()) return createBpeCount('cl100k_base');
          const tokenizer = requireOptionalDependency<Llama3Module>(
            'llama3-tokenizer-js',
            'Counting Llama 3 tokens',
          ).default;
          return (text) => tokenizer.encode(text, { bos: false, eos: false }).length;
        }
      }
    } catch (error) {
      throw new RootweaverError(
        'model-load-failed',
        `Cannot load the ${family} tokenizer: ${error instanceof Error ? error.message : String(error)}. Reinstall dependencies with \`pnpm install\`.`,
        { cause: error },
      );
    }
    throw new RootweaverError(
      'invalid-config',
      `Unknown tokenizer family '${String(family)}'. Use one of: ${tokenizerFamilies.join(', ')}.`,
    );
  };
  if (options.preload === true) count = load();
  const counter: TokenCounter = {
    family,
    count(text: string): number {
      if (text === '') return 0;
      count ??= load();
      return countLinear(text, count);
    },
    // Byte-level BPE (all three families): every token is at least one byte of UTF-8.
    upperBound: utf8Length,
  };
  const entries = options.cacheEntries ?? defaultTokenCountCacheEntries;
  return entries > 0 ? cachedTokenCounter(counter, { entries }) : counter;
}

/**
 * A counter that remembers the counts of the last `entries` distinct texts it was asked (least
 * recently used forgotten first), so a prompt counted by several parties is tokenized once. The
 * memory is the counter's own: two counters share nothing.
 */
export function cachedTokenCounter(inner: TokenCounter, options: { readonly entries: number }): TokenCounter {
  if (!Number.isInteger(options.entries) || options.entries < 1) {
    throw new RootweaverError(
      'invalid-config',
      `A token count cache needs a positive whole number of entries; got ${String(options.entries)}.`,
    );
  }
  const counts = new Map<string, number>();
  return {
    family: inner.family,
    ...(inner.upperBound === undefined ? {} : { upperBound: inner.upperBound }),
    count(text: string): number {
      const known = counts.get(text);
      if (known !== undefined) {
        // Most recently used last: re-insert.
        counts.delete(text);
        counts.set(text, known);
        return known;
      }
      const counted = inner.count(text);
      counts.set(text, counted);
      if (counts.size > options.entries) {
        const oldest = counts.keys().next();
        if (oldest.done !== true) counts.delete(oldest.value);
      }
      return counted;
    },
  };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The UTF-8 length of a text in bytes, as `Buffer.byteLength` gives it (no buffer made). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      // A surrogate pair: one 4-byte character.
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Runs of non-space characters longer than this are counted piece by piece (BPE is quadratic on one long word). */
const longestCountedRun = 256;
const longRun = new RegExp(`\\S{${longestCountedRun + 1},}`, 'g');

/**
 * Counts in time linear in the text: a long unspaced run (a hostile or binary answer: 100 KB took 11 s
 * in one piece) is counted in pieces of `longestCountedRun` characters; ordinary text in one call.
 */
export function countLinear(text: string, count: (text: string) => number): number {
  if (!longRun.test(text)) return count(text);
  longRun.lastIndex = 0;
  let total = 0;
  const rest = text.replace(longRun, (run) => {
    for (let start = 0; start < run.length; start += longestCountedRun) {
      total += count(run.slice(start, start + longestCountedRun));
    }
    return ' ';
  });
  return total + count(rest);
}

/** Picks the tokenizer family for a model name (llama → llama3, gpt-4/3.5 → cl100k, else o200k). */
export function tokenizerFamilyForModel(model: string): TokenizerFamily {
  const name = model.toLowerCase();
  if (name.includes('llama')) return 'llama3';
  if (/gpt-4(?!o|\.1|\.5)|gpt-3\.5|text-embedding/.test(name)) return 'cl100k';
  return 'o200k';
}
