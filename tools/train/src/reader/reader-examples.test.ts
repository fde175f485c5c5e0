import { describe, expect, it } from 'vitest';
import { passageCopy, titleOfPairs } from './reader-examples.js';

const blocks = [
  'When did the Velmora Institute of Arts open?\nThe Velmora Institute of Arts opened in 1891.',
  'Who founded the Velmora Institute of Arts?\nThe Velmora Institute of Arts was founded by   Ada Quill.',
  "Where is Velmora Institute of Arts's main hall?\nIts main hall stands on Lantern Square.",
];
const answerStart = (blockIndex: number, answer: string): number => {
  const offset = blocks.slice(0, blockIndex).reduce((sum, block) => sum + block.length + 2, 0);
  return offset + (blocks[blockIndex] as string).indexOf(answer);
};

describe('titleOfPairs', () => {
  it('takes the name most question lines share, not a line’s first word', () => {
    // "Velmora Institute" and "Arts" are in all three lines; the longer run wins the tie.
    expect(titleOfPairs(blocks.map((block) => block.split('\n')[0] as string))).toBe('Velmora Institute');
    expect(titleOfPairs(['Who is Ada Quill?', 'When was Ada Quill born?', 'Where is Lantern Square?'])).toBe(
      'Ada Quill',
    );
  });

  it('is empty when the lines name nothing', () => {
    expect(titleOfPairs(['Who won?', 'When was it?'])).toBe('');
  });
});

describe('passageCopy', () => {
  it('moves the answer into a passage pair after the other pairs, the offset on the answer', () => {
    const copy = passageCopy(blocks, answerStart(1, 'Ada Quill'), 'Ada Quill');
    expect(copy).toBeDefined();
    const { context, answerStart: at } = copy as { context: string; answerStart: number };
    expect(context.slice(at, at + 'Ada Quill'.length)).toBe('Ada Quill');
    const pairs = context.split('\n\n');
    // The answering pair is gone as a pair; the others stay, in order; the passage comes last.
    expect(pairs.slice(0, 2)).toEqual([blocks[0], blocks[2]]);
    const [title, passage] = (pairs[2] as string).split('\n');
    expect(title).toBe('Velmora Institute');
    expect(passage).toBe(
      'The Velmora Institute of Arts opened in 1891. The Velmora Institute of Arts was founded by Ada Quill. Its main hall stands on Lantern Square.',
    );
  });

  it('finds an answer of the first pair too, and one that repeats earlier in its line', () => {
    const first = passageCopy(blocks, answerStart(0, '1891'), '1891') as {
      context: string;
      answerStart: number;
    };
    expect(first.context.slice(first.answerStart, first.answerStart + 4)).toBe('1891');
    const repeated = ['Who is Ada?\nAda is Ada Quill, called Ada.'];
    const at = repeated[0]?.lastIndexOf('Ada') as number;
    const copy = passageCopy(repeated, at, 'Ada') as { context: string; answerStart: number };
    expect(copy.context.slice(copy.answerStart)).toBe('Ada.');
  });

  it('gives up on an answer offset that does not hold the answer', () => {
    expect(passageCopy(blocks, answerStart(1, 'Ada Quill') + 1, 'Ada Quill')).toBeUndefined();
    expect(passageCopy(blocks, 10_000, 'Ada Quill')).toBeUndefined();
  });
});
