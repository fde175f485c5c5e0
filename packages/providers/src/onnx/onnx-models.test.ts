import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootweaverError, type SearchHit } from '@rootweaver/core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTinyEncoder, writeTinySpanModel, writeTinyTokenizer } from '../test/tiny-onnx-models.js';
import { OnnxEmbedder } from './onnx-embedder.js';
import { OnnxSpanExtractor } from './onnx-span-extractor.js';
import { WordPieceTokenizer } from './wordpiece-tokenizer.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-onnx-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const words = [
  'the',
  'capital',
  'of',
  'france',
  'is',
  'paris',
  'who',
  'directed',
  'inception',
  'christopher',
  'nolan',
  'film',
  'was',
  'by',
  'in',
  'and',
  'city',
  'river',
  'seine',
  'flows',
  'through',
  'un',
  '##aff',
  '##able',
  '.',
  ',',
  '?',
  '!',
  'what',
  'a',
  'long',
  'text',
  'filler',
];

async function failure(promise: Promise<unknown>): Promise<RootweaverError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RootweaverError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

function hit(id: string, text: string): SearchHit {
  return { id, documentId: id, kind: 'passage', text, title: id, passage: text, score: 1, rank: 1 };
}

describe('WordPieceTokenizer', () => {
  const directory = join(root, 'tokenizer');
  const vocabulary = writeTinyTokenizer(directory, words);
  const tokenizer = WordPieceTokenizer.fromFile(join(directory, 'tokenizer.json'));

  it('lower-cases, splits punctuation, uses ## continuations and [UNK], and keeps offsets', () => {
    const text = 'The Capital, unaffable! Zebra Café';
    const tokens = tokenizer.tokenize(text);
    expect(tokens.map((token) => token.piece)).toEqual([
      'the',
      'capital',
      ',',
      'un',
      '##aff',
      '##able',
      '!',
      '[UNK]',
      '[UNK]',
    ]);
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual([
      'The',
      'Capital',
      ',',
      'un',
      'aff',
      'able',
      '!',
      'Zebra',
      'Café',
    ]);
    expect(tokens[0]?.id).toBe(vocabulary.get('the'));
  });

  it('wraps in [CLS] … [SEP] and truncates to the maximum length', () => {
    const encoded = tokenizer.encode('the capital of france is paris', 5);
    expect(encoded.inputIds).toEqual([
      vocabulary.get('[CLS]'),
      vocabulary.get('the'),
      vocabulary.get('capital'),
      vocabulary.get('of'),
      vocabulary.get('[SEP]'),
    ]);
    expect(encoded.attentionMask).toEqual([1, 1, 1, 1, 1]);
    expect(encoded.tokenTypeIds).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a BPE tokenizer.json with model-load-failed', () => {
    expect(() => new WordPieceTokenizer({ model: { type: 'BPE', vocab: {} } })).toThrowError(/WordPiece/);
  });
});

describe('OnnxEmbedder', () => {
  const directory = join(root, 'encoder');
  writeTinyEncoder({ directory, pieces: words, dimension: 12 });

  it('loads the folder, learns the dimension and returns unit vectors', async () => {
    const embedder = await OnnxEmbedder.load({ directory, batchSize: 2 });
    expect(embedder.dimension).toBe(12);
    expect(embedder.modelId).toBe('onnx:encoder');
    const result = await embedder.embed({
      values: [
        'the capital of france is paris',
        'paris is the capital of france',
        'christopher nolan directed inception',
      ],
    });
    expect(result.vectors).toHaveLength(3);
    for (const vector of result.vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    // Mean pooling ignores word order, so the first two (same tokens) are identical.
    const [first, second, third] = result.vectors;
    const dot = (left?: Float32Array, right?: Float32Array): number =>
      Array.from(left ?? []).reduce((sum, value, index) => sum + value * (right?.[index] ?? 0), 0);
    expect(dot(first, second)).toBeCloseTo(1, 5);
    expect(dot(first, third)).toBeLessThan(0.99);
    await embedder.close();
  });

  it('mean-pools under the attention mask, so padding in a batch does not change a vector', async () => {
    const embedder = await OnnxEmbedder.load({ directory, batchSize: 8 });
    const alone = (await embedder.embed({ values: ['paris'] })).vectors[0];
    const padded = (
      await embedder.embed({ values: ['paris', 'the capital of france is paris and the seine flows'] })
    ).vectors[0];
    expect(Array.from(padded ?? [])).toEqual(Array.from(alone ?? []));
    await embedder.close();
  });

  it('equals the hand-computed mean of the token rows', async () => {
    const table: Record<string, number[]> = { '[CLS]': [1, 0], '[SEP]': [0, 1], paris: [3, 3] };
    const handDirectory = join(root, 'hand-encoder');
    writeTinyEncoder({
      directory: handDirectory,
      pieces: ['paris'],
      dimension: 2,
      vectorOf: (token) => table[token] ?? [0, 0],
    });
    const embedder = await OnnxEmbedder.load({ directory: handDirectory });
    const [vector] = (await embedder.embed({ values: ['Paris'] })).vectors;
    // mean of [1,0], [3,3], [0,1] = [4/3, 4/3] → normalised [0.7071, 0.7071]
    expect(vector?.[0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(vector?.[1]).toBeCloseTo(Math.SQRT1_2, 5);
    await embedder.close();
  });

  it('fails with model-load-failed naming the fix for a missing or corrupt model', async () => {
    const missing = await failure(OnnxEmbedder.load({ directory: join(root, 'no-such-model') }));
    expect(missing.code).toBe('model-load-failed');
    expect(missing.message).toMatch(/model\.onnx/);
    const corruptDirectory = join(root, 'corrupt');
    writeTinyTokenizer(corruptDirectory, words);
    writeFileSync(join(corruptDirectory, 'model.onnx'), 'definitely not protobuf');
    const corrupt = await failure(OnnxEmbedder.load({ directory: corruptDirectory }));
    expect(corrupt.code).toBe('model-load-failed');
    expect(corrupt.message).toMatch(/Re-export or re-download/);
    const noTokenizer = join(root, 'no-tokenizer');
    mkdirSync(noTokenizer);
    writeFileSync(join(noTokenizer, 'model.onnx'), 'x');
    expect((await failure(OnnxEmbedder.load({ directory: noTokenizer }))).message).toMatch(
      /tokenizer\.json is missing/,
    );
  });

  it('refuses an extractive model where a span model is required, and vice versa', async () => {
    const error = await failure(OnnxSpanExtractor.load({ directory }));
    expect(error.code).toBe('model-load-failed');
    expect(error.message).toMatch(/start_logits/);
  });
});

describe('OnnxSpanExtractor', () => {
  const directory = join(root, 'span');
  writeTinySpanModel({
    directory,
    pieces: words,
    startScores: { paris: 6, christopher: 6, long: 4 },
    endScores: { paris: 6, nolan: 6, text: 4 },
  });

  it('extracts the best span with the original casing and a probability as confidence', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    const result = await extractor.extract({
      question: 'What is the capital of France?',
      evidence: [hit('e1', 'The capital of France is Paris.')],
    });
    expect(result.answer).toBe('Paris');
    expect(result.evidenceIds).toEqual(['e1']);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
    await extractor.close();
  });

  it('joins a multi-token span and picks the evidence holding it', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    const result = await extractor.extract({
      question: 'Who directed Inception?',
      evidence: [
        hit('e1', 'The film was in the city.'),
        hit('e2', 'Inception was directed by Christopher Nolan.'),
      ],
    });
    expect(result.answer).toBe('Christopher Nolan');
    expect(result.evidenceIds).toEqual(['e2']);
    await extractor.close();
  });

  it('respects the maximum answer length', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory, maxAnswerTokens: 3 });
    // "long … text" is 5 tokens apart, so it may not be chosen; nothing else scores.
    const result = await extractor.extract({
      question: 'what?',
      evidence: [hit('e1', 'long filler filler filler text')],
    });
    expect(result.answer).not.toBe('long filler filler filler text');
    const wide = await OnnxSpanExtractor.load({ directory, maxAnswerTokens: 10 });
    expect(
      (await wide.extract({ question: 'what?', evidence: [hit('e1', 'long filler filler filler text')] }))
        .answer,
    ).toBe('long filler filler filler text');
    await extractor.close();
    await wide.close();
  });

  it('strides over a context longer than one window', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory, maxLength: 32, stride: 8 });
    const filler = Array.from({ length: 120 }, () => 'filler').join(' ');
    const result = await extractor.extract({
      question: 'What is the capital of France?',
      evidence: [hit('e1', `${filler} the capital of france is Paris . ${filler}`)],
    });
    expect(result.answer).toBe('Paris');
    await extractor.close();
  });

  it('answers nothing when no span beats "no answer", and nothing for no evidence', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    const empty = await extractor.extract({
      question: 'What?',
      evidence: [hit('e1', 'the film was in the city')],
    });
    expect(empty).toEqual({ answer: '', confidence: 0, evidenceIds: [] });
    expect(await extractor.extract({ question: 'What?', evidence: [] })).toEqual({
      answer: '',
      confidence: 0,
      evidenceIds: [],
    });
    await extractor.close();
  });
});
