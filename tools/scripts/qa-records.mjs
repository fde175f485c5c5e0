// The records of compactrag-train/qa, read in place: the SQuAD-style context cut back into its pairs
// ("question\nanswer" blocks separated by blank lines; a block with no question line is a bare answer).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * One split's records, from `root`/../shared (default: the working directory, the project's root).
 * A missing file is an error naming the path and where the datasets belong.
 */
export function readQaSplit(split, root = process.cwd()) {
  const file = resolve(root, `../shared/datasets/compactrag-train/qa/${split}.json`);
  if (!existsSync(file))
    throw new Error(
      `${file} does not exist: run from the project's root with ../shared/datasets/compactrag-train beside it (see its README).`,
    );
  return JSON.parse(readFileSync(file, 'utf8'));
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
