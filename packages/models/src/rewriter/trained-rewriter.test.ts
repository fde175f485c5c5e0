import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWeights } from '../network/weights-file.js';
import { shippedReaderPath } from '../reader/trained-reader.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import {
  defaultMinimumConfidence,
  readRewriterWeights,
  shippedRewriterPath,
  TrainedRewriter,
} from './trained-rewriter.js';

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
    ['Where was the woman who founded the studio born?', 'Ines Marlow', 'Where was Ines Marlow born?'],
    [
      'Which river flows through the city where this director was born?',
      'Ines Marlow',
      'Which river flows through the city where Ines Marlow was born?',
    ],
  ])('grounds "%s" with %s', async (question, answer, expected) => {
    const result = await rewriter.rewrite({ question, parents: [{ id: 0, question: '', answer }] });
    expect(result.declined).toBeUndefined();
    expect(result.text).toBe(expected);
    expect(result.modelId).toMatch(/^trained-rewriter:/u);
    expect(result.usage).toBeUndefined();
  });

  it('grounds each parent in turn, nearest (last) first', async () => {
    const prediction = rewriter.predict('In which year did he direct this film?', [
      { id: 0, question: "Who directed the studio's first feature?", answer: 'Ines Marlow' },
      { id: 1, question: "What was the studio's first feature?", answer: 'The Lantern Field' },
    ]);
    expect(prediction.text).toBe('In which year did Ines Marlow direct The Lantern Field?');
    expect(prediction.steps.map((step) => step.parentId)).toEqual([1, 0]);
  });

  // Both went to the rules under the earlier 0.5 floor (ADR-0017, "the floor chosen on two kinds of error").
  it('grounds a pronoun inside a relative clause, and two demonstratives from two parents', async () => {
    const pronoun = await rewriter.rewrite({
      question: 'Who founded the company that makes it?',
      parents: [{ id: 0, question: 'What lamp did the studio design?', answer: 'Brightwater Lamps' }],
    });
    expect(pronoun.declined).toBeUndefined();
    expect(pronoun.text).toBe('Who founded the company that makes Brightwater Lamps?');
    const two = rewriter.predict('Was this director older than that actor?', [
      { id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' },
      { id: 1, question: 'Who starred in Quiet Harbour?', answer: 'Tomas Vell' },
    ]);
    expect(two.text).toBe('Was Ines Marlow older than Tomas Vell?');
    expect(two.steps.map((step) => step.parentId)).toEqual([1, 0]);
  });

  it('declines, with the phrase it considered and why, when nothing refers to the parent', async () => {
    const result = await rewriter.rewrite({
      question: 'What is the population of Corvelle?',
      parents: [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }],
    });
    expect(result.text).toBe('What is the population of Corvelle?');
    const [, confidence, floor] =
      /^not confident: ".*" at (0\.\d\d), under (.+)$/u.exec(result.declined ?? '') ?? [];
    expect(Number(floor)).toBe(defaultMinimumConfidence);
    expect(Number(confidence)).toBeLessThan(defaultMinimumConfidence);
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

  it('refuses weights whose trees read other features than this code writes, or of another model, saying how to fix it', async () => {
    const weights = await readRewriterWeights();
    const training = weights.header.training as { rewriter: { features: string[] } };
    const write = (name: string, network: string, features: readonly string[]): string => {
      const path = join(tmpdir(), `rewriter-${name}-${process.pid}.bin`);
      writeFileSync(
        path,
        encodeWeights(
          {
            network,
            version: weights.header.version,
            training: { ...weights.header.training, rewriter: { ...training.rewriter, features } },
          },
          weights.tensors,
        ),
      );
      return path;
    };
    const fewer = write('fewer-features', weights.header.network, training.rewriter.features.slice(1));
    for (const load of [
      () => readRewriterWeights(fewer),
      () => TrainedRewriter.load({ vectors, path: fewer }),
    ])
      await expect(load()).rejects.toSatisfy(
        (error: unknown) =>
          isRootweaverError(error, 'model-load-failed') &&
          /pnpm train:rewriter/u.test((error as Error).message),
      );
    const renamed = [...training.rewriter.features];
    renamed[0] = 'a feature this code does not write';
    await expect(
      readRewriterWeights(write('renamed-feature', weights.header.network, renamed)),
    ).rejects.toThrow(/features that are not this version's/u);
    // The neural pointer this model replaced wrote its weights under another network name.
    await expect(
      readRewriterWeights(write('old-network', 'sub-question-rewriter', training.rewriter.features)),
    ).rejects.toSatisfy((error: unknown) => isRootweaverError(error, 'model-load-failed'));
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
