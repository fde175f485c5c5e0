import { splitSentences } from '@rootweaver/language-en';

export interface ChunkOptions {
  /** Longest chunk in characters; a longer text is split at sentence boundaries. Default 1,200. */
  readonly maxChars?: number;
  /**
   * Characters of whole sentences that the next chunk repeats from the end of the one before, so a
   * fact stated across the cut is whole in one of them. Default 200; 0 for none.
   */
  readonly overlapChars?: number;
}

export const defaultChunkOptions = { maxChars: 1200, overlapChars: 200 } as const;

/** Cuts one over-long sentence at word boundaries (a run-on with no sentence end in reach). */
function cutAtWords(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > maxChars) {
      pieces.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * Splits a text into chunks of at most `maxChars` at sentence boundaries (English sentences, the
 * splitter the build and the questions use), each after the first starting with the last sentences
 * of the one before up to `overlapChars`. A text that fits is one chunk, unchanged.
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const maxChars = Math.max(80, options.maxChars ?? defaultChunkOptions.maxChars);
  const overlapChars = Math.max(
    0,
    Math.min(options.overlapChars ?? defaultChunkOptions.overlapChars, maxChars / 2),
  );
  if (text.length <= maxChars) return [text];
  const sentences = splitSentences(text).flatMap((sentence) =>
    sentence.text.length > maxChars ? cutAtWords(sentence.text, maxChars) : [sentence.text],
  );
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  /** Sentences of `current` carried into the next chunk: whole ones from the end, within the overlap. */
  const carried = (): string[] => {
    const kept: string[] = [];
    let size = 0;
    for (let index = current.length - 1; index > 0; index -= 1) {
      const sentence = current[index] as string;
      if (size + sentence.length + 1 > overlapChars) break;
      kept.unshift(sentence);
      size += sentence.length + 1;
    }
    return kept;
  };
  for (const sentence of sentences) {
    if (current.length > 0 && length + 1 + sentence.length > maxChars) {
      chunks.push(current.join(' '));
      current = carried();
      length = current.reduce((sum, kept) => sum + kept.length + 1, 0);
      // The carried sentences give way when they leave no room for the next one.
      while (current.length > 0 && length + sentence.length > maxChars) {
        length -= (current.shift() as string).length + 1;
      }
    }
    current.push(sentence);
    length += sentence.length + (current.length > 1 ? 1 : 0);
  }
  if (current.length > 0) chunks.push(current.join(' '));
  return chunks;
}
