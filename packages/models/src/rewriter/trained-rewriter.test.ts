import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedReaderPath } from '../reader/trained-reader.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { shippedRewriterPath, TrainedRewriter } from './trained-rewriter.js';

const shipped = existsSync(shippedRewriterPath) && existsSync(shippedWordVectorsPath);

// Invented sub-questions: the phrase that refers to the parent is a pronoun, a "this X" descriptor or a
// relative description, never a placeholder the rules know.
describe.runIf(shipped)('TrainedRewriter (the shipped weights)', () => {
  let vectors: WordVectorTable;
  let rewriter: TrainedRewriter;
  beforeAll(async () => {
    vectors = await loadWordVectors();
    rewriter = await TrainedRewriter.load({ vectors });
  });

  it.each([
    ['Where was this director born?', 'Ines Marlow', 'Where was Ines Marlow born?'],
    ['When did he die?', 'Tomas Reyl', 'When did Tomas Reyl die?'],
    ['Which river flows through that city?', 'Corvelle', 'Which river flows through Corvelle?'],
    [
      'Who founded the company that makes it?',
      'Brightwater Lamps',
      'Who founded the company that makes Brightwater Lamps?',
    ],
  ])('grounds "%s" with %s', async (question, answer, expected) => {
    const result = await rewriter.rewrite({ question, parents: [{ id: 0, question: '', answer }] });
    expect(result.declined).toBeUndefined();
    expect(result.text).toBe(expected);
    expect(result.modelId).toMatch(/^trained-rewriter:/u);
    expect(result.usage).toBeUndefined();
  });

  it('grounds each parent in turn, nearest (last) first', async () => {
    const prediction = rewriter.predict('Was this director older than that actor?', [
      { id: 0, question: 'Who starred in The Lantern Field?', answer: 'Tomas Reyl' },
      { id: 1, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' },
    ]);
    expect(prediction.text).toBe('Was Ines Marlow older than Tomas Reyl?');
    expect(prediction.steps.map((step) => step.parentId)).toEqual([1, 0]);
  });

  it('declines, with the phrase it considered and why, when nothing refers to the parent', async () => {
    const result = await rewriter.rewrite({
      question: 'What is the population of Corvelle?',
      parents: [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }],
    });
    expect(result.text).toBe('What is the population of Corvelle?');
    expect(result.declined).toMatch(/^not confident: ".*" at 0\.\d\d, under 0\.5$/u);
  });

  it("replaces a descriptor that restates the parent's question, not one that names something else", async () => {
    const parents = [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }];
    const same = await rewriter.rewrite({
      question: "When did the director of 'The Lantern Field' die?",
      parents,
    });
    expect(same.text).toBe('When did Ines Marlow die?');
    const other = await rewriter.rewrite({
      question: "When did the director of 'Quiet Harbour' die?",
      parents,
    });
    expect(other.text).toBe("When did the director of 'Quiet Harbour' die?");
    expect(other.declined).toBe(
      `"the director of 'Quiet Harbour'" names 'Quiet', which parent 0's question does not`,
    );
  });

  it('skips a parent whose answer the question already names', async () => {
    const result = await rewriter.rewrite({
      question: 'Where was Ines Marlow born?',
      parents: [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }],
    });
    expect(result.declined).toBe('no parent answer to put in');
  });

  it('puts nothing in with a confidence floor of 1, and everything with 0', async () => {
    const parents = [{ id: 0, question: '', answer: 'Ines Marlow' }];
    const strict = await TrainedRewriter.load({ vectors, minimumConfidence: 1 });
    expect((await strict.rewrite({ question: 'Where was he born?', parents })).declined).toBeDefined();
    expect(rewriter.predict('What is the population of Corvelle?', parents, 0).steps).toHaveLength(1);
  });

  it('refuses a confidence floor that is not a probability', async () => {
    for (const minimumConfidence of [-0.1, 1.5, Number.NaN])
      await expect(TrainedRewriter.load({ vectors, minimumConfidence })).rejects.toSatisfy((error: unknown) =>
        isRootweaverError(error, 'invalid-config'),
      );
  });

  it('refuses the reader weights, a missing file and a file that is not weights, saying how to fix it', async () => {
    await expect(TrainedRewriter.load({ vectors, path: shippedReaderPath })).rejects.toSatisfy(
      (error: unknown) => isRootweaverError(error, 'model-load-failed'),
    );
    await expect(
      TrainedRewriter.load({ vectors, path: join(tmpdir(), 'no-such-rewriter.bin') }),
    ).rejects.toThrow(/pnpm train:rewriter/u);
    const garbage = join(tmpdir(), `rewriter-garbage-${process.pid}.bin`);
    writeFileSync(garbage, 'not a weights file');
    await expect(TrainedRewriter.load({ vectors, path: garbage })).rejects.toSatisfy((error: unknown) =>
      isRootweaverError(error, 'model-load-failed'),
    );
  });

  it('stops on an aborted signal before any work', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      rewriter.rewrite({
        question: 'Where was he born?',
        parents: [{ id: 0, question: '', answer: 'Ines Marlow' }],
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});
