import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchHit } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWeights, readWeightsFile } from '../network/weights-file.js';
import { spanFeatureNames } from '../span-ranker/span-features.js';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import {
  type ReaderSettings,
  readerNetworkName,
  shippedReaderPath,
  TrainedReader,
} from './trained-reader.js';

function pair(id: string, question: string, answer: string): SearchHit {
  return {
    id,
    documentId: `doc-${id}`,
    kind: 'qa',
    text: `${question} ${answer}`,
    title: id,
    passage: answer,
    question,
    answer,
    score: 1,
    rank: 1,
  };
}

const shipped = existsSync(shippedReaderPath) && existsSync(shippedWordVectorsPath);

describe.runIf(shipped)('TrainedReader (the shipped weights)', () => {
  let vectors: WordVectorTable;
  let reader: TrainedReader;
  beforeAll(async () => {
    vectors = await loadWordVectors();
    reader = await TrainedReader.load({ vectors });
  });

  const evidence = [
    pair(
      'a',
      'When did the Velmora Institute of Arts open?',
      'The Velmora Institute of Arts opened in 1891.',
    ),
    pair('b', 'Who directed The Glass Orchard?', 'The Glass Orchard was directed by Mira Castellan.'),
    pair(
      'c',
      'Where is the Velmora Institute of Arts?',
      'The Velmora Institute of Arts is in Velmora, Portugal.',
    ),
  ];

  it('reads the answer span from the pair that answers the question and cites that pair', async () => {
    const found = await reader.extract({ question: 'Who was the director of The Glass Orchard?', evidence });
    expect(found.answer).toBe('Mira Castellan');
    expect(found.evidenceIds[0]).toBe('b');
  });

  it('answers a date question from the date pair, whatever the pair order', async () => {
    const found = await reader.extract({
      question: 'When was the Velmora Institute of Arts founded?',
      evidence: [...evidence].reverse(),
    });
    expect(found.answer).toBe('1891');
    expect(found.evidenceIds[0]).toBe('a');
  });

  it('takes a bare answer line whole, as rule-built indexes write them', async () => {
    const found = await reader.extract({
      question: 'Who directed The Glass Orchard?',
      evidence: [
        pair('x', 'Who directed The Glass Orchard?', 'Mira Castellan'),
        pair('y', 'When was The Glass Orchard released?', '1994'),
      ],
    });
    expect(found.answer).toBe('Mira Castellan');
  });

  it('is less confident when the evidence does not hold the answer', async () => {
    const answered = await reader.extract({
      question: 'Who was the director of The Glass Orchard?',
      evidence,
    });
    const unanswerable = await reader.extract({
      question: 'Who was the director of The Glass Orchard?',
      evidence: evidence.filter((hit) => hit.id !== 'b'),
    });
    expect(unanswerable.confidence).toBeLessThan(answered.confidence);
  });

  it('gives no answer to a yes/no question, or to no evidence', async () => {
    expect(
      (await reader.extract({ question: 'Is the Velmora Institute of Arts in Portugal?', evidence })).answer,
    ).toBe('');
    expect(await reader.extract({ question: 'Who directed The Glass Orchard?', evidence: [] })).toEqual({
      answer: '',
      confidence: 0,
      evidenceIds: [],
    });
  });

  it('records what it was trained on: the training sets, the boosting settings, its features and its test figures', () => {
    const { training } = reader.header;
    expect(training.data).toMatchObject({ trainSha256: expect.stringMatching(/^[0-9a-f]{64}$/u) });
    expect(training.boosting).toMatchObject({ seed: expect.any(Number), keptTrees: expect.any(Number) });
    expect(training.reader).toMatchObject({
      features: [...spanFeatureNames],
      maxSpanTokens: expect.any(Number),
    });
    expect(training.test).toMatchObject({ exactMatch: expect.any(Number), f1: expect.any(Number) });
  });

  it('refuses weights whose trees read other features than this code writes, saying to retrain', async () => {
    const weights = await readWeightsFile(shippedReaderPath, readerNetworkName, {
      what: 'reader',
      howToFix: 'retrain',
    });
    const settings = weights.header.training.reader as ReaderSettings;
    const path = join(tmpdir(), `rootweaver-other-features-${process.pid}.bin`);
    writeFileSync(
      path,
      encodeWeights(
        {
          network: weights.header.network,
          version: weights.header.version,
          training: {
            ...weights.header.training,
            reader: { ...settings, features: [...settings.features.slice(1), 'a feature this code lacks'] },
          },
        },
        new Map(weights.tensors),
      ),
    );
    let caught: unknown;
    try {
      await TrainedReader.load({ vectors, path });
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'model-load-failed')).toBe(true);
    expect(String(caught)).toMatch(/pnpm train:reader/u);
  });

  it("reads the sentences of a hit's passage, and cites the hit whose passage held the answer", async () => {
    const passage =
      'The Glass Orchard is a 1994 drama. The Glass Orchard was directed by Mira Castellan in Velmora.';
    const hits = [
      {
        ...pair('p', 'When was The Glass Orchard released?', 'The Glass Orchard was released in 1994.'),
        passage,
      },
      pair('q', 'Where is Velmora?', 'Velmora is in Portugal.'),
    ];
    const found = await reader.extract({ question: 'Who directed The Glass Orchard?', evidence: hits });
    expect(found.answer).toBe('Mira Castellan');
    expect(found.evidenceIds).toEqual(['p']);
    const pairsOnly = await TrainedReader.load({ vectors, passageSentences: 0 });
    const unread = await pairsOnly.extract({ question: 'Who directed The Glass Orchard?', evidence: hits });
    expect(unread.answer).not.toBe('Mira Castellan');
  });

  it('refuses a passage sentence count that is not a whole number ≥ 0', async () => {
    for (const passageSentences of [-1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        await TrainedReader.load({ vectors, passageSentences });
      } catch (error) {
        caught = error;
      }
      expect(isRootweaverError(caught, 'invalid-config')).toBe(true);
    }
  });

  it('refuses a file that is not reader weights, naming it', async () => {
    const path = join(tmpdir(), `rootweaver-not-a-reader-${process.pid}.bin`);
    writeFileSync(path, 'garbage');
    let caught: unknown;
    try {
      await TrainedReader.load({ vectors, path });
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'model-load-failed')).toBe(true);
    expect(String(caught)).toContain(path);
  });
});
