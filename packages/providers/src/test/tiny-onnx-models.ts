import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** The tokenizer families the tiny models come with: BERT WordPiece, RoBERTa byte-level BPE, XLM-R Unigram. */
export type TinyTokenizerKind = 'wordpiece' | 'bpe' | 'unigram';

const wordPieceSpecials = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
const sentencePieceSpecials = ['<s>', '<pad>', '</s>', '<unk>'] as const;

/** The first token of a pair encoding (the "no answer" position) for each family. */
export const tinyClassToken: Readonly<Record<TinyTokenizerKind, string>> = {
  wordpiece: '[CLS]',
  bpe: '<s>',
  unigram: '<s>',
};

/** The vocabulary (token → id) of a generated WordPiece tokenizer: specials first, then the given pieces in order. */
export function tinyVocabulary(pieces: readonly string[]): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const token of [...wordPieceSpecials, ...pieces])
    if (!vocabulary.has(token)) vocabulary.set(token, vocabulary.size);
  return vocabulary;
}

/** A whole `tokenizer.json`: the special tokens as added tokens, then the family's parts. */
function tokenizerFile(
  specials: readonly string[],
  vocabulary: ReadonlyMap<string, number>,
  parts: {
    normalizer: object | null;
    pre_tokenizer: object;
    post_processor: object;
    decoder: object;
    model: object;
  },
): object {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specials.map((content) => ({
      id: vocabulary.get(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    ...parts,
  };
}

function template(cls: string, sep: string, pairMiddle: readonly string[], secondType: number): object {
  const special = (id: string, type: number) => ({ SpecialToken: { id, type_id: type } });
  return {
    type: 'TemplateProcessing',
    single: [special(cls, 0), { Sequence: { id: 'A', type_id: 0 } }, special(sep, 0)],
    pair: [
      special(cls, 0),
      { Sequence: { id: 'A', type_id: 0 } },
      ...pairMiddle.map((token) => special(token, 0)),
      { Sequence: { id: 'B', type_id: secondType } },
      special(sep, secondType),
    ],
    special_tokens: {},
  };
}

/** GPT-2's byte → printable character table that byte-level BPE vocabularies are written in. */
function byteLevelCharacters(): string[] {
  const bytes: number[] = [];
  for (let byte = 33; byte <= 126; byte += 1) bytes.push(byte);
  for (let byte = 161; byte <= 172; byte += 1) bytes.push(byte);
  for (let byte = 174; byte <= 255; byte += 1) bytes.push(byte);
  const characters = new Array<string>(256);
  for (const byte of bytes) characters[byte] = String.fromCharCode(byte);
  let extra = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    if (characters[byte] === undefined) {
      characters[byte] = String.fromCharCode(256 + extra);
      extra += 1;
    }
  }
  return characters;
}

/**
 * Learns BPE merges the classic way (Sennrich et al.): repeatedly merge the most frequent adjacent
 * pair until every training word is one symbol, so each training word encodes to one token.
 */
function learnMerges(words: readonly string[][]): [string, string][] {
  const current = words.map((word) => [...word]);
  const merges: [string, string][] = [];
  for (;;) {
    const counts = new Map<string, number>();
    for (const word of current)
      for (let index = 0; index + 1 < word.length; index += 1) {
        const key = `${word[index]} ${word[index + 1]}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    if (counts.size === 0) return merges;
    const [key] = [...counts.entries()].sort(
      (left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1),
    )[0] as [string, number];
    const [left, right] = key.split(' ') as [string, string];
    merges.push([left, right]);
    for (const word of current)
      for (let index = 0; index + 1 < word.length; index += 1)
        if (word[index] === left && word[index + 1] === right) word.splice(index, 2, left + right);
  }
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function wordPieceJson(pieces: readonly string[]): { json: object; vocabulary: Map<string, number> } {
  const vocabulary = tinyVocabulary(pieces);
  return {
    vocabulary,
    json: tokenizerFile(wordPieceSpecials, vocabulary, {
      normalizer: {
        type: 'BertNormalizer',
        clean_text: true,
        handle_chinese_chars: true,
        strip_accents: null,
        lowercase: true,
      },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: template('[CLS]', '[SEP]', ['[SEP]'], 1),
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: {
        type: 'WordPiece',
        unk_token: '[UNK]',
        continuing_subword_prefix: '##',
        max_input_chars_per_word: 100,
        vocab: Object.fromEntries(vocabulary),
      },
    }),
  };
}

/** RoBERTa style: byte-level pre-tokenizer, cased, all 256 byte symbols plus merges learnt on the pieces. */
function byteLevelBpeJson(pieces: readonly string[]): { json: object; vocabulary: Map<string, number> } {
  const characters = byteLevelCharacters();
  const encode = (text: string): string[] =>
    [...Buffer.from(text, 'utf8')].map((byte) => characters[byte] ?? '');
  const space = characters[32] ?? ' ';
  const training = pieces.flatMap((piece) =>
    piece.startsWith('##')
      ? [encode(piece.slice(2))]
      : [piece, capitalized(piece)].flatMap((word) => [encode(word), [space, ...encode(word)]]),
  );
  const merges = learnMerges(training);
  const vocabulary = new Map<string, number>();
  for (const token of [
    ...sentencePieceSpecials,
    ...characters,
    ...merges.map(([left, right]) => left + right),
  ])
    if (!vocabulary.has(token)) vocabulary.set(token, vocabulary.size);
  return {
    vocabulary,
    json: tokenizerFile(sentencePieceSpecials, vocabulary, {
      normalizer: null,
      pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
      post_processor: {
        type: 'RobertaProcessing',
        sep: ['</s>', vocabulary.get('</s>')],
        cls: ['<s>', vocabulary.get('<s>')],
        trim_offsets: true,
        add_prefix_space: false,
      },
      decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
      model: {
        type: 'BPE',
        dropout: null,
        unk_token: null,
        continuing_subword_prefix: '',
        end_of_word_suffix: '',
        fuse_unk: false,
        byte_fallback: false,
        vocab: Object.fromEntries(vocabulary),
        merges: merges.map(([left, right]) => `${left} ${right}`),
      },
    }),
  };
}

/** XLM-R style: lower-casing normalizer, Metaspace pre-tokenizer, a Unigram model over `▁word`, suffix and character pieces. */
function unigramJson(pieces: readonly string[]): { json: object; vocabulary: Map<string, number> } {
  const entries: [string, number][] = sentencePieceSpecials.map((token) => [token, 0]);
  const words = pieces.map((piece) => (piece.startsWith('##') ? piece.slice(2) : `\u2581${piece}`));
  for (const word of words) entries.push([word, word.startsWith('\u2581') ? -2 : -3]);
  const characters = new Set(['\u2581', ...pieces.flatMap((piece) => [...piece.replace(/^##/, '')])]);
  for (const character of characters) entries.push([character, -8]);
  const vocab = entries.filter(([token], index) => entries.findIndex(([other]) => other === token) === index);
  const vocabulary = new Map(vocab.map(([token], id) => [token, id]));
  return {
    vocabulary,
    json: tokenizerFile(sentencePieceSpecials, vocabulary, {
      normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKC' }, { type: 'Lowercase' }] },
      pre_tokenizer: { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'always', split: true },
      post_processor: template('<s>', '</s>', ['</s>', '</s>'], 0),
      decoder: { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'always', split: true },
      model: { type: 'Unigram', unk_id: vocabulary.get('<unk>'), vocab, byte_fallback: false },
    }),
  };
}

/**
 * Writes a Hugging Face `tokenizer.json` of the given family over the given pieces (use `##x` for
 * a word-internal continuation) and returns its vocabulary (token → id).
 */
export function writeTinyTokenizer(
  directory: string,
  pieces: readonly string[],
  kind: TinyTokenizerKind = 'wordpiece',
): Map<string, number> {
  mkdirSync(directory, { recursive: true });
  const { json, vocabulary } =
    kind === 'wordpiece'
      ? wordPieceJson(pieces)
      : kind === 'bpe'
        ? byteLevelBpeJson(pieces)
        : unigramJson(pieces);
  writeFileSync(join(directory, 'tokenizer.json'), JSON.stringify(json));
  writeFileSync(join(directory, 'tokenizer_config.json'), JSON.stringify({ model_max_length: 512 }));
  return vocabulary;
}

/** The word a token spells: without the byte-level space mark or the Metaspace mark, lower-cased; special tokens as they are. */
export function tinyTokenWord(token: string): string {
  if (
    (wordPieceSpecials as readonly string[]).includes(token) ||
    (sentencePieceSpecials as readonly string[]).includes(token)
  )
    return token;
  return token.replace(/^[\u0120\u2581]/u, '').toLowerCase();
}

function int64Input(name: string): onnxProto.onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.INT64,
        shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'sequence' }] },
      },
    },
  };
}

function floatOutput(name: string, dims: readonly (string | number)[]): onnxProto.onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: dims.map((dim) => (typeof dim === 'string' ? { dimParam: dim } : { dimValue: dim })) },
      },
    },
  };
}

function floatTensor(
  name: string,
  dims: readonly number[],
  values: readonly number[],
): onnxProto.onnx.ITensorProto {
  return {
    name,
    dims: [...dims],
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(new Float32Array(values).buffer),
  };
}

/** The inputs a BERT export has; RoBERTa-family exports have no `token_type_ids`. */
const bertInputs = ['input_ids', 'attention_mask', 'token_type_ids'] as const;

/**
 * Every input feeds the graph, so the model declares exactly the given inputs: `input_ids` picks
 * rows from lookup tables, while all inputs are summed, multiplied by zero and added.
 */
function maskNodes(inputs: readonly string[]): {
  nodes: onnxProto.onnx.INodeProto[];
  initializers: onnxProto.onnx.ITensorProto[];
} {
  const nodes: onnxProto.onnx.INodeProto[] = [];
  let sum = inputs[0] ?? 'input_ids';
  inputs.slice(1).forEach((input, index) => {
    nodes.push({ opType: 'Add', input: [sum, input], output: [`inputs_sum_${index}`] });
    sum = `inputs_sum_${index}`;
  });
  return {
    nodes: [
      ...nodes,
      { opType: 'Cast', input: [sum], output: ['masks_float'], attribute: [{ name: 'to', type: 2, i: 1 }] },
      { opType: 'Mul', input: ['masks_float', 'zero'], output: ['masks_zero'] },
    ],
    initializers: [floatTensor('zero', [], [0])],
  };
}

function writeModel(
  directory: string,
  inputs: readonly string[],
  nodes: onnxProto.onnx.INodeProto[],
  initializers: onnxProto.onnx.ITensorProto[],
  outputs: onnxProto.onnx.IValueInfoProto[],
): void {
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'rootweaver-tests',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny',
      node: nodes,
      initializer: initializers,
      input: inputs.map(int64Input),
      output: outputs,
    },
  });
  writeFileSync(join(directory, 'model.onnx'), onnx.ModelProto.encode(model).finish());
}

/** What every tiny model takes: its folder, its pieces, its tokenizer family and its inputs. */
export interface TinyModelOptions {
  readonly directory: string;
  readonly pieces: readonly string[];
  /** Default `wordpiece`. */
  readonly tokenizer?: TinyTokenizerKind;
  /** Default input_ids, attention_mask, token_type_ids (BERT); leave token_type_ids out for a RoBERTa-style model. */
  readonly inputs?: readonly string[];
}

function orderedTokens(vocabulary: ReadonlyMap<string, number>): string[] {
  return [...vocabulary.entries()].sort((left, right) => left[1] - right[1]).map(([token]) => token);
}

/**
 * A tiny sentence encoder: `last_hidden_state[b, t] = table[input_ids[b, t]]`, where the table row
 * of each token is `vectorOf(token)` (deterministic pseudo-random by default). Mean pooling of
 * such states makes texts that share tokens similar, like a real encoder. With `pooledOutput` it is
 * shaped like a sentence-transformers export instead: `token_embeddings` and `sentence_embedding`
 * (the unmasked mean over tokens).
 */
export function writeTinyEncoder(
  options: TinyModelOptions & {
    readonly dimension: number;
    readonly vectorOf?: (token: string, id: number) => readonly number[];
    readonly pooledOutput?: boolean;
  },
): Map<string, number> {
  const vocabulary = writeTinyTokenizer(options.directory, options.pieces, options.tokenizer);
  const vectorOf =
    options.vectorOf ??
    ((_token: string, id: number): number[] => {
      let state = (id + 1) * 2654435761;
      return Array.from({ length: options.dimension }, () => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return (state / 2 ** 32) * 2 - 1;
      });
    });
  const rows: number[] = [];
  for (const [id, token] of orderedTokens(vocabulary).entries()) {
    const vector = [...vectorOf(token, id)];
    if (vector.length !== options.dimension) throw new Error(`vector of ${token} has the wrong length`);
    rows.push(...vector);
  }
  const inputs = options.inputs ?? bertInputs;
  const masks = maskNodes(inputs);
  const tokenOutput = options.pooledOutput === true ? 'token_embeddings' : 'last_hidden_state';
  writeModel(
    options.directory,
    inputs,
    [
      ...masks.nodes,
      { opType: 'Gather', input: ['table', 'input_ids'], output: ['gathered'] },
      { opType: 'Unsqueeze', input: ['masks_zero', 'last_axis'], output: ['masks_column'] },
      { opType: 'Add', input: ['gathered', 'masks_column'], output: [tokenOutput] },
      ...(options.pooledOutput === true
        ? [
            {
              opType: 'ReduceMean',
              input: [tokenOutput],
              output: ['sentence_embedding'],
              attribute: [
                { name: 'axes', type: onnx.AttributeProto.AttributeType.INTS, ints: [1] },
                { name: 'keepdims', type: onnx.AttributeProto.AttributeType.INT, i: 0 },
              ],
            },
          ]
        : []),
    ],
    [
      ...masks.initializers,
      floatTensor('table', [vocabulary.size, options.dimension], rows),
      {
        name: 'last_axis',
        dims: [1],
        dataType: onnx.TensorProto.DataType.INT64,
        rawData: new Uint8Array(new BigInt64Array([2n]).buffer),
      },
    ],
    [
      floatOutput(tokenOutput, ['batch', 'sequence', options.dimension]),
      ...(options.pooledOutput === true
        ? [floatOutput('sentence_embedding', ['batch', options.dimension])]
        : []),
    ],
  );
  return vocabulary;
}

/**
 * A tiny extractive QA model: `start_logits[b, t] = startScores[word of token]` and likewise for
 * ends, so a test decides which tokens open and close the answer span in any tokenizer family
 * (scores are keyed by the word a token spells, see `tinyTokenWord`). Tokens not listed score 0.
 */
export function writeTinySpanModel(
  options: TinyModelOptions & {
    readonly startScores: Readonly<Record<string, number>>;
    readonly endScores: Readonly<Record<string, number>>;
  },
): Map<string, number> {
  const vocabulary = writeTinyTokenizer(options.directory, options.pieces, options.tokenizer);
  const ordered = orderedTokens(vocabulary).map(tinyTokenWord);
  const inputs = options.inputs ?? bertInputs;
  const masks = maskNodes(inputs);
  writeModel(
    options.directory,
    inputs,
    [
      ...masks.nodes,
      { opType: 'Gather', input: ['start_table', 'input_ids'], output: ['start_raw'] },
      { opType: 'Gather', input: ['end_table', 'input_ids'], output: ['end_raw'] },
      { opType: 'Add', input: ['start_raw', 'masks_zero'], output: ['start_logits'] },
      { opType: 'Add', input: ['end_raw', 'masks_zero'], output: ['end_logits'] },
    ],
    [
      ...masks.initializers,
      floatTensor(
        'start_table',
        [ordered.length],
        ordered.map((word) => options.startScores[word] ?? 0),
      ),
      floatTensor(
        'end_table',
        [ordered.length],
        ordered.map((word) => options.endScores[word] ?? 0),
      ),
    ],
    [floatOutput('start_logits', ['batch', 'sequence']), floatOutput('end_logits', ['batch', 'sequence'])],
  );
  return vocabulary;
}
