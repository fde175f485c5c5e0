import { createRequire } from 'node:module';
import type { TokenCounter } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';

/** Tokenizer families: OpenAI's o200k (GPT-4o, GPT-4.1, o-series) and cl100k (GPT-4, GPT-3.5), and Llama 3. */
export type TokenizerFamily = 'o200k' | 'cl100k' | 'llama3';

export const tokenizerFamilies: readonly TokenizerFamily[] = ['o200k', 'cl100k', 'llama3'];

const requireModule = createRequire(import.meta.url);

interface GptEncoding {
  countTokens(text: string): number;
}

interface Llama3Module {
  readonly default: { encode(text: string, options?: { bos?: boolean; eos?: boolean }): number[] };
}

/**
 * A `TokenCounter` for a model family. The vocabularies are loaded on first use (they take
 * 0.1–0.4 s and tens of MB), so creating a counter is free.
 * Llama 3 counts exclude the begin/end-of-text tokens, like a chat prompt's content.
 */
export function createTokenCounter(family: TokenizerFamily): TokenCounter {
  let count: ((text: string) => number) | undefined;
  const load = (): ((text: string) => number) => {
    try {
      switch (family) {
        case 'o200k': {
          const encoding = requireModule('gpt-tokenizer/encoding/o200k_base') as GptEncoding;
          return (text) => encoding.countTokens(text);
        }
        case 'cl100k': {
          const encoding = requireModule('gpt-tokenizer/encoding/cl100k_base') as GptEncoding;
          return (text) => encoding.countTokens(text);
        }
        case 'llama3': {
          const tokenizer = (requireModule('llama3-tokenizer-js') as Llama3Module).default;
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
  return {
    family,
    count(text: string): number {
      if (text === '') return 0;
      count ??= load();
      return countLinear(text, count);
    },
  };
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
