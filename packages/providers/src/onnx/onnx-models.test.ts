import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootweaverError, type SearchHit } from '@rootweaver/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type TinyTokenizerKind,
  tinyClassToken,
  tinyTokenWord,
  writeTinyEncoder,
  writeTinySpanModel,
  writeTinyTokenizer,
} from '../test/tiny-onnx-models.js';
import { checkModelFolder } from './check-model-folder.js';
import { ModelTokenizer } from './model-tokenizer.js';
import { OnnxEmbedder } from './onnx-embedder.js';
import { OnnxSpanExtractor } from './onnx-span-extractor.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-onnx-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

// Invented entities only.
const words = [
  'the',
  'capital',
  'of',
  'vellmar',
  'is',
  'oskarburg',
  'who',
  'painted',
  'greywater',
  'oskar',
  'brandt',
  'mural',
  'was',
  'by',
  'in',
  'and',
  'city',
  'river',
  'tolle',
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
  'query',
  'passage',
  ':',
];

const families: readonly TinyTokenizerKind[] = ['wordpiece', 'bpe', 'unigram'];
const separator: Readonly<Record<TinyTokenizerKind, string>> = {
  wordpiece: '[SEP]',
  bpe: '</s>',
  unigram: '</s>',
};

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

function dot(left?: Float32Array, right?: Float32Array): number {
  return Array.from(left ?? []).reduce((sum, value, index) => sum + value * (right?.[index] ?? 0), 0);
}

function folder(...parts: string[]): string {
  const directory = join(root, ...parts);
  mkdirSync(directory, { recursive: true });
  return directory;
}

describe.each(families)('ModelTokenizer (%s tokenizer.json)', (kind) => {
  const directory = folder('tokenizer', kind);
  writeTinyTokenizer(directory, words, kind);
  const tokenizer = ModelTokenizer.fromDirectory(directory);

  it('reports what the file is', () => {
    expect(tokenizer.description.type).toBe({ wordpiece: 'WordPiece', bpe: 'BPE', unigram: 'Unigram' }[kind]);
    expect(tokenizer.description.byteLevel).toBe(kind === 'bpe');
    expect(tokenizer.description.modelMaxLength).toBe(512);
  });

  it('gives every token the text it came from, sub-words included', () => {
    const text = 'The Capital of Vellmar, unaffable!';
    const pieces = tokenizer.tokenize(text).map((token) => text.slice(token.start, token.end));
    expect(pieces).toEqual(['The', 'Capital', 'of', 'Vellmar', ',', 'un', 'aff', 'able', '!']);
  });

  it('tokenizes word by word into exactly the ids of the whole text', () => {
    for (const text of [
      'the capital of vellmar is oskarburg',
      '  Oskar   Brandt painted the Greywater mural.  ',
      'Zebra Café, unaffable?! what:a long text',
      '',
    ]) {
      const tokens = tokenizer.tokenize(text);
      expect(tokens.map((token) => token.id)).toEqual(tokenizer.ids(text));
      for (const token of tokens) {
        expect(token.start).toBeGreaterThanOrEqual(0);
        expect(token.end).toBeGreaterThanOrEqual(token.start);
        expect(token.end).toBeLessThanOrEqual(text.length);
      }
    }
  });

  it('keeps unknown words inside their own word', () => {
    const text = 'Zebra oskarburg';
    const tokens = tokenizer.tokenize(text);
    const last = tokens.at(-1);
    expect(text.slice(last?.start, last?.end)).toBe('oskarburg');
    for (const token of tokens.slice(0, -1)) expect(token.end).toBeLessThanOrEqual(5);
  });

  it("wraps texts in the file's own special tokens", () => {
    const id = (token: string): number => tokenizer.ids(token)[0] ?? -1;
    const [cls, sep] = [tinyClassToken[kind], separator[kind]];
    const vocabulary = writeTinyTokenizer(folder('tokenizer-vocabulary', kind), words, kind);
    const single = tokenizer.encodeSingle([id('oskarburg'), id('oskarburg'), id('oskarburg')], 4);
    expect(single.inputIds).toEqual([
      vocabulary.get(cls),
      id('oskarburg'),
      id('oskarburg'),
      vocabulary.get(sep),
    ]);
    const pair = tokenizer.encodePair([id('who')], [id('oskarburg')]);
    const middle = kind === 'wordpiece' ? [sep] : [sep, sep];
    expect(pair.inputIds).toEqual(
      [cls, 'who', ...middle, 'oskarburg', sep].map((token) => vocabulary.get(token) ?? id(token)),
    );
    expect(pair.secondStart).toBe(2 + middle.length);
    // BERT marks the second text with segment 1; RoBERTa and XLM-R have a single segment.
    expect(pair.tokenTypeIds).toEqual(kind === 'wordpiece' ? [0, 0, 0, 1, 1] : pair.inputIds.map(() => 0));
  });
});

describe('ModelTokenizer errors', () => {
  it('names the missing or unreadable file', async () => {
    const empty = folder('tokenizer-missing');
    expect(() => ModelTokenizer.fromDirectory(empty)).toThrowError(/tokenizer\.json is missing/);
    const corrupt = folder('tokenizer-corrupt');
    writeFileSync(join(corrupt, 'tokenizer.json'), '{ not json');
    const error = (() => {
      try {
        ModelTokenizer.fromDirectory(corrupt);
      } catch (caught) {
        return caught as RootweaverError;
      }
      throw new Error('expected a failure');
    })();
    expect(error.code).toBe('model-load-failed');
    expect(error.message).toContain(join(corrupt, 'tokenizer.json'));
    const unknownModel = folder('tokenizer-unknown-model');
    writeFileSync(
      join(unknownModel, 'tokenizer.json'),
      JSON.stringify({
        added_tokens: [],
        normalizer: null,
        pre_tokenizer: null,
        post_processor: null,
        decoder: null,
        model: { type: 'Mystery', vocab: {} },
      }),
    );
    expect(() => ModelTokenizer.fromDirectory(unknownModel)).toThrowError(
      /has a Mystery model type; rootweaver runs WordPiece, BPE, Unigram/,
    );
    const broken = folder('tokenizer-broken');
    writeFileSync(
      join(broken, 'tokenizer.json'),
      JSON.stringify({ normalizer: null, model: { type: 'WordPiece', vocab: {} } }),
    );
    expect(() => ModelTokenizer.fromDirectory(broken)).toThrowError(
      /@huggingface\/tokenizers can run \(Tokenizer must contain a "decoder"/,
    );
  });
});

describe.each(families)('OnnxEmbedder (%s)', (kind) => {
  const directory = folder('encoder', kind);
  writeTinyEncoder({ directory, pieces: words, dimension: 12, tokenizer: kind });

  it('loads the folder, learns the dimension and returns unit vectors', async () => {
    const embedder = await OnnxEmbedder.load({ directory, batchSize: 2 });
    expect(embedder.dimension).toBe(12);
    expect(embedder.modelId).toBe(`onnx:${kind}`);
    expect(embedder.settings).toMatchObject({ pooling: 'mean', output: 'last_hidden_state', maxLength: 256 });
    const result = await embedder.embed({
      values: ['the capital of vellmar is oskarburg', 'what a long text', 'oskar brandt painted the mural'],
    });
    expect(result.vectors).toHaveLength(3);
    for (const vector of result.vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect(dot(result.vectors[0], result.vectors[1])).toBeLessThan(0.99);
    await embedder.close();
  });

  it('mean-pools under the attention mask, so padding in a batch does not change a vector', async () => {
    const embedder = await OnnxEmbedder.load({ directory, batchSize: 8 });
    const alone = (await embedder.embed({ values: ['oskarburg'] })).vectors[0];
    const padded = (
      await embedder.embed({
        values: ['oskarburg', 'the capital of vellmar is oskarburg and the tolle flows'],
      })
    ).vectors[0];
    expect(Array.from(padded ?? [])).toEqual(Array.from(alone ?? []));
    await embedder.close();
  });

  const table = (entries: Record<string, number[]>) => (token: string) =>
    entries[tinyTokenWord(token)] ?? [0, 0];
  const handTable = { [tinyClassToken[kind]]: [1, 0], [separator[kind]]: [0, 1], oskarburg: [3, 3] };

  it('equals the hand-computed mean of the token rows', async () => {
    const handDirectory = folder('hand-encoder', kind);
    writeTinyEncoder({
      directory: handDirectory,
      pieces: ['oskarburg'],
      dimension: 2,
      tokenizer: kind,
      vectorOf: table(handTable),
    });
    const embedder = await OnnxEmbedder.load({ directory: handDirectory });
    const [vector] = (await embedder.embed({ values: ['Oskarburg'] })).vectors;
    // mean of [1,0], [3,3], [0,1] = [4/3, 4/3] → normalised [0.7071, 0.7071]
    expect(vector?.[0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(vector?.[1]).toBeCloseTo(Math.SQRT1_2, 5);
    await embedder.close();
  });

  it('takes the first token with "pooling": "cls" in rootweaver.json', async () => {
    const clsDirectory = folder('cls-encoder', kind);
    writeTinyEncoder({
      directory: clsDirectory,
      pieces: ['oskarburg'],
      dimension: 2,
      tokenizer: kind,
      vectorOf: table(handTable),
    });
    writeFileSync(join(clsDirectory, 'rootweaver.json'), JSON.stringify({ pooling: 'cls' }));
    const embedder = await OnnxEmbedder.load({ directory: clsDirectory });
    expect(embedder.settings.pooling).toBe('cls');
    // A store built with mean pooling must not be queried with CLS pooling: the id says which.
    expect(embedder.modelId).toBe(`onnx:${kind}(cls)`);
    const [vector] = (await embedder.embed({ values: ['Oskarburg'] })).vectors;
    expect(Array.from(vector ?? [])).toEqual([1, 0]);
    await embedder.close();
  });

  it('puts the query and passage prefixes of rootweaver.json before the texts', async () => {
    const prefixDirectory = folder('prefix-encoder', kind);
    writeTinyEncoder({ directory: prefixDirectory, pieces: words, dimension: 12, tokenizer: kind });
    writeFileSync(
      join(prefixDirectory, 'rootweaver.json'),
      JSON.stringify({ queryPrefix: 'query: ', passagePrefix: 'passage: ' }),
    );
    const prefixed = await OnnxEmbedder.load({ directory: prefixDirectory });
    const plain = await OnnxEmbedder.load({ directory });
    expect(prefixed.modelId).toMatch(new RegExp(`^onnx:${kind}\\(prefixes [0-9a-f]{8}\\)$`));
    const text = 'the capital of vellmar';
    const [asQuery] = (await prefixed.embed({ values: [text], purpose: 'query' })).vectors;
    const [asPassage] = (await prefixed.embed({ values: [text] })).vectors;
    const [spelledQuery, spelledPassage, bare] = (
      await plain.embed({ values: [`query: ${text}`, `passage: ${text}`, text] })
    ).vectors;
    expect(Array.from(asQuery ?? [])).toEqual(Array.from(spelledQuery ?? []));
    expect(Array.from(asPassage ?? [])).toEqual(Array.from(spelledPassage ?? []));
    expect(dot(asQuery, bare)).toBeLessThan(0.9999);
    await prefixed.close();
    await plain.close();
  });

  it("uses a sentence-transformers export's sentence_embedding as it is", async () => {
    const pooledDirectory = folder('pooled-encoder', kind);
    writeTinyEncoder({
      directory: pooledDirectory,
      pieces: words,
      dimension: 12,
      tokenizer: kind,
      pooledOutput: true,
    });
    const pooled = await OnnxEmbedder.load({ directory: pooledDirectory });
    expect(pooled.settings).toMatchObject({ output: 'sentence_embedding', pooling: 'model' });
    const plain = await OnnxEmbedder.load({ directory });
    const text = 'oskar brandt painted the greywater mural';
    const [fromGraph] = (await pooled.embed({ values: [text] })).vectors;
    const [fromStates] = (await plain.embed({ values: [text] })).vectors;
    for (const [index, value] of Array.from(fromGraph ?? []).entries())
      expect(value).toBeCloseTo(fromStates?.[index] ?? Number.NaN, 5);
    await pooled.close();
    const explicit = await OnnxEmbedder.load({ directory: pooledDirectory, pooling: 'cls' });
    expect(explicit.settings).toMatchObject({ output: 'token_embeddings', pooling: 'cls' });
    await explicit.close();
    await plain.close();
  });

  it('runs a RoBERTa-style export without token_type_ids and never exceeds model_max_length', async () => {
    const noTypesDirectory = folder('encoder-no-types', kind);
    writeTinyEncoder({
      directory: noTypesDirectory,
      pieces: words,
      dimension: 6,
      tokenizer: kind,
      inputs: ['input_ids', 'attention_mask'],
    });
    const embedder = await OnnxEmbedder.load({ directory: noTypesDirectory, maxLength: 100_000 });
    expect(embedder.settings.maxLength).toBe(512);
    const long = Array.from({ length: 2000 }, () => 'filler').join(' ');
    const result = await embedder.embed({ values: [long] });
    expect(result.usage?.inputTokens).toBe(512);
    await embedder.close();
  });
});

describe('OnnxEmbedder and model folder errors', () => {
  const directory = folder('encoder-errors');
  writeTinyEncoder({ directory, pieces: words, dimension: 4 });

  it('fails with model-load-failed naming the fix for a missing or corrupt model', async () => {
    const missing = await failure(OnnxEmbedder.load({ directory: join(root, 'no-such-model') }));
    expect(missing.code).toBe('model-load-failed');
    expect(missing.message).toMatch(/model\.onnx/);
    const corruptDirectory = folder('corrupt');
    writeTinyTokenizer(corruptDirectory, words);
    writeFileSync(join(corruptDirectory, 'model.onnx'), 'definitely not protobuf');
    const corrupt = await failure(OnnxEmbedder.load({ directory: corruptDirectory }));
    expect(corrupt.code).toBe('model-load-failed');
    expect(corrupt.message).toMatch(/Re-export or re-download/);
    const noTokenizer = folder('no-tokenizer');
    writeFileSync(join(noTokenizer, 'model.onnx'), 'x');
    expect((await failure(OnnxEmbedder.load({ directory: noTokenizer }))).message).toMatch(
      /tokenizer\.json is missing/,
    );
  });

  it('refuses a rootweaver.json with an unknown key or a bad value, naming the file', async () => {
    for (const [config, problem] of [
      [{ poolling: 'cls' }, /unknown key "poolling"/],
      [{ pooling: 'max' }, /"pooling" is "max"/],
      [{ maxLength: 2 }, /"maxLength" is 2/],
      [{ queryPrefix: 3 }, /"queryPrefix" is 3/],
    ] as const) {
      writeFileSync(join(directory, 'rootweaver.json'), JSON.stringify(config));
      const error = await failure(OnnxEmbedder.load({ directory }));
      expect(error.code).toBe('model-load-failed');
      expect(error.message).toMatch(problem);
      expect(error.message).toContain(join(directory, 'rootweaver.json'));
    }
    writeFileSync(join(directory, 'rootweaver.json'), '{');
    expect((await failure(OnnxEmbedder.load({ directory }))).message).toMatch(/not valid JSON/);
    rmSync(join(directory, 'rootweaver.json'));
  });

  it('refuses a model with an input it cannot feed or without attention_mask', async () => {
    const extraInput = folder('extra-input');
    writeTinyEncoder({
      directory: extraInput,
      pieces: words,
      dimension: 4,
      inputs: ['input_ids', 'attention_mask', 'token_type_ids', 'position_ids'],
    });
    expect((await failure(OnnxEmbedder.load({ directory: extraInput }))).message).toMatch(
      /needs input position_ids, which rootweaver cannot feed/,
    );
    const noMask = folder('no-mask');
    writeTinyEncoder({ directory: noMask, pieces: words, dimension: 4, inputs: ['input_ids'] });
    expect((await failure(OnnxEmbedder.load({ directory: noMask }))).message).toMatch(
      /lacks input attention_mask/,
    );
  });

  it('refuses an encoder where a span model is required', async () => {
    const error = await failure(OnnxSpanExtractor.load({ directory }));
    expect(error.code).toBe('model-load-failed');
    expect(error.message).toMatch(/start_logits/);
  });
});

describe.each(families)('OnnxSpanExtractor (%s)', (kind) => {
  const scores = {
    startScores: { oskarburg: 6, oskar: 6, long: 4 },
    endScores: { oskarburg: 6, brandt: 6, text: 4 },
  };
  const directory = folder('span', kind);
  writeTinySpanModel({ directory, pieces: words, tokenizer: kind, ...scores });
  const tokenizer = ModelTokenizer.fromDirectory(directory);

  it('extracts the best span with the original casing and a probability as confidence', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    expect(extractor.settings).toMatchObject({
      noAnswer: true,
      tokenTypeIds: true,
      maxLength: 384,
      stride: 128,
    });
    const result = await extractor.extract({
      question: 'What is the capital of Vellmar?',
      evidence: [hit('e1', 'The capital of Vellmar is Oskarburg.')],
    });
    expect(result.answer).toBe('Oskarburg');
    expect(result.evidenceIds).toEqual(['e1']);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
    await extractor.close();
  });

  it('joins a multi-token span and picks the evidence holding it', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    const result = await extractor.extract({
      question: 'Who painted the Greywater mural?',
      evidence: [
        hit('e1', 'The mural was in the city.'),
        hit('e2', 'The Greywater mural was painted by Oskar Brandt.'),
      ],
    });
    expect(result.answer).toBe('Oskar Brandt');
    expect(result.evidenceIds).toEqual(['e2']);
    await extractor.close();
  });

  it('respects the maximum answer length', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory, maxAnswerTokens: 3 });
    // "long … text" is 5 tokens apart, so it may not be chosen.
    const evidence = [hit('e1', 'long filler filler filler text')];
    expect((await extractor.extract({ question: 'what?', evidence })).answer).not.toBe(
      'long filler filler filler text',
    );
    const wide = await OnnxSpanExtractor.load({ directory, maxAnswerTokens: 10 });
    expect((await wide.extract({ question: 'what?', evidence })).answer).toBe(
      'long filler filler filler text',
    );
    await extractor.close();
    await wide.close();
  });

  it('reads a context longer than one window through strided windows', async () => {
    const filler = Array.from({ length: 120 }, () => 'filler').join(' ');
    const evidence = [hit('e1', `${filler} the capital of vellmar is Oskarburg . ${filler}`)];
    const question = 'What is the capital of Vellmar?';
    const windowed = await OnnxSpanExtractor.load({ directory, maxLength: 32, stride: 8 });
    expect((await windowed.extract({ question, evidence })).answer).toBe('Oskarburg');
    await windowed.close();
  });

  it('finds a span cut by a window edge only thanks to the overlap', async () => {
    const question = 'what?';
    const maxLength = 24;
    const room = maxLength - tokenizer.ids(question).length - tokenizer.pairSpecialCount;
    // "Oskar" is the last context token of the first window, "Brandt" the first of the second.
    const filler = (count: number) => Array.from({ length: count }, () => 'filler').join(' ');
    const evidence = [hit('e1', `${filler(room - 1)} Oskar Brandt ${filler(room)}`)];
    const noOverlap = await OnnxSpanExtractor.load({ directory, maxLength, stride: 0 });
    expect((await noOverlap.extract({ question, evidence })).answer).not.toBe('Oskar Brandt');
    const overlap = await OnnxSpanExtractor.load({ directory, maxLength, stride: 4 });
    expect((await overlap.extract({ question, evidence })).answer).toBe('Oskar Brandt');
    await noOverlap.close();
    await overlap.close();
  });

  it('runs a RoBERTa-style export that has no token_type_ids input', async () => {
    const noTypes = folder('span-no-types', kind);
    writeTinySpanModel({
      directory: noTypes,
      pieces: words,
      tokenizer: kind,
      inputs: ['input_ids', 'attention_mask'],
      ...scores,
    });
    const extractor = await OnnxSpanExtractor.load({ directory: noTypes });
    expect(extractor.settings.tokenTypeIds).toBe(false);
    const result = await extractor.extract({
      question: 'What is the capital of Vellmar?',
      evidence: [hit('e1', 'The capital of Vellmar is Oskarburg.')],
    });
    expect(result.answer).toBe('Oskarburg');
    await extractor.close();
  });

  it('refuses when the "no answer" logit of the first token wins (SQuAD 2), unless told not to', async () => {
    const squad2 = folder('span-squad2', kind);
    const cls = tinyClassToken[kind];
    writeTinySpanModel({
      directory: squad2,
      pieces: words,
      tokenizer: kind,
      startScores: { ...scores.startScores, [cls]: 9 },
      endScores: { ...scores.endScores, [cls]: 9 },
    });
    const request = {
      question: 'What is the capital of Vellmar?',
      evidence: [hit('e1', 'The capital of Vellmar is Oskarburg.')],
    };
    const extractor = await OnnxSpanExtractor.load({ directory: squad2 });
    expect(await extractor.extract(request)).toEqual({ answer: '', confidence: 0, evidenceIds: [] });
    writeFileSync(join(squad2, 'rootweaver.json'), JSON.stringify({ noAnswer: false }));
    const squad1 = await OnnxSpanExtractor.load({ directory: squad2 });
    expect(squad1.settings.noAnswer).toBe(false);
    expect((await squad1.extract(request)).answer).toBe('Oskarburg');
    await extractor.close();
    await squad1.close();
  });

  it('answers nothing for no evidence or an empty question', async () => {
    const extractor = await OnnxSpanExtractor.load({ directory });
    const none = { answer: '', confidence: 0, evidenceIds: [] };
    expect(await extractor.extract({ question: 'What?', evidence: [] })).toEqual(none);
    expect(await extractor.extract({ question: ' ', evidence: [hit('e1', 'oskarburg')] })).toEqual(none);
    expect(await extractor.extract({ question: 'What?', evidence: [hit('e1', '   ')] })).toEqual(none);
    await extractor.close();
  });
});

describe('checkModelFolder', () => {
  it('reports an encoder: tokenizer, inputs, outputs, pooling, prefixes', async () => {
    const directory = folder('check-encoder');
    writeTinyEncoder({ directory, pieces: words, dimension: 8, tokenizer: 'unigram' });
    writeFileSync(
      join(directory, 'rootweaver.json'),
      JSON.stringify({ pooling: 'cls', queryPrefix: 'query: ' }),
    );
    const check = await checkModelFolder({ directory });
    expect(check).toMatchObject({
      role: 'encoder',
      inputs: ['input_ids', 'attention_mask', 'token_type_ids'],
      outputs: ['last_hidden_state'],
      tokenizer: { type: 'Unigram', pairTemplate: '<s> A </s> </s> B </s>' },
      encoder: { pooling: 'cls', queryPrefix: 'query: ', passagePrefix: '', dimension: 8 },
    });
    expect(check.probe).toMatch(/8-dimensional unit vectors/);
  });

  it('reports an extractor without token_type_ids', async () => {
    const directory = folder('check-extractor');
    writeTinySpanModel({
      directory,
      pieces: words,
      tokenizer: 'bpe',
      inputs: ['input_ids', 'attention_mask'],
      startScores: { model: 5 },
      endScores: { runs: 5 },
    });
    const check = await checkModelFolder({ directory });
    expect(check).toMatchObject({
      role: 'extractor',
      tokenizer: { type: 'BPE', byteLevel: true },
      extractor: { tokenTypeIds: false, noAnswer: true },
    });
    expect(check.probe).toMatch(/ran on a probe question/);
  });

  it('says what is wrong with a folder that is neither', async () => {
    const noTokenizer = folder('check-no-tokenizer');
    writeTinyEncoder({ directory: noTokenizer, pieces: words, dimension: 4 });
    rmSync(join(noTokenizer, 'tokenizer.json'));
    expect((await failure(checkModelFolder({ directory: noTokenizer }))).message).toMatch(
      /tokenizer\.json is missing/,
    );
    const wrongInputs = folder('check-wrong-inputs');
    writeTinyEncoder({
      directory: wrongInputs,
      pieces: words,
      dimension: 4,
      inputs: ['input_ids', 'pixel_values'],
    });
    expect((await failure(checkModelFolder({ directory: wrongInputs }))).message).toMatch(
      /lacks input attention_mask/,
    );
  });
});
