// The records of compactrag-train/qa, read in place: the SQuAD-style context cut back into its pairs
// ("question\nanswer" blocks separated by blank lines; a block with no question line is a bare answer).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One split's records, from ../shared beside the project (run from the project's root). */
export function readQaSplit(split) {
  return JSON.parse(
    readFileSync(resolve(process.cwd(), `../shared/datasets/compactrag-train/qa/${split}.json`), 'utf8'),
  );
}

/** A record's context as its pairs, in order. */
export function pairsOf(context) {
  return context.split('\n\n').map((block) => {
    const newline = block.indexOf('\n');
    return newline < 0
      ? { question: '', answer: block }
      : { question: block.slice(0, newline), answer: block.slice(newline + 1) };
  });
}
