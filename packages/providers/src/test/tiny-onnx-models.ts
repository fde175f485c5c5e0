import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

const specialTokens = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;

/** The vocabulary (token → id) of a generated tokenizer: specials first, then the given pieces in order. */
export function tinyVocabulary(pieces: readonly string[]): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const token of [...specialTokens, ...pieces])
    if (!vocabulary.has(token)) vocabulary.set(token, vocabulary.size);
  return vocabulary;
}

/** Writes a Hugging Face style WordPiece `tokenizer.json` with the given pieces (use `##x` for continuations). */
export function writeTinyTokenizer(directory: string, pieces: readonly string[]): Map<string, number> {
  mkdirSync(directory, { recursive: true });
  const vocabulary = tinyVocabulary(pieces);
  const json = {
    version: '1.0',
    added_tokens: specialTokens.map((content) => ({ id: vocabulary.get(content), content, special: true })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary),
    },
  };
  writeFileSync(join(directory, 'tokenizer.json'), JSON.stringify(json));
  return vocabulary;
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

/**
 * Each of the three standard inputs feeds the graph, so the model has exactly the inputs a real
 * BERT export has: `input_ids` picks rows from lookup tables, while `attention_mask` and
 * `token_type_ids` are multiplied by zero and added.
 */
function maskNodes(): { nodes: onnxProto.onnx.INodeProto[]; initializers: onnxProto.onnx.ITensorProto[] } {
  return {
    nodes: [
      { opType: 'Add', input: ['attention_mask', 'token_type_ids'], output: ['masks_sum'] },
      {
        opType: 'Cast',
        input: ['masks_sum'],
        output: ['masks_float'],
        attribute: [{ name: 'to', type: 2, i: 1 }],
      },
      { opType: 'Mul', input: ['masks_float', 'zero'], output: ['masks_zero'] },
    ],
    initializers: [floatTensor('zero', [], [0])],
  };
}

function writeModel(
  directory: string,
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
      input: [int64Input('input_ids'), int64Input('attention_mask'), int64Input('token_type_ids')],
      output: outputs,
    },
  });
  writeFileSync(join(directory, 'model.onnx'), onnx.ModelProto.encode(model).finish());
}

/**
 * A tiny sentence encoder: `last_hidden_state[b, t] = table[input_ids[b, t]]`, where the table row
 * of each token is `vectorOf(token)` (deterministic pseudo-random by default). Mean pooling of
 * such states makes texts that share tokens similar, like a real encoder.
 */
export function writeTinyEncoder(options: {
  readonly directory: string;
  readonly pieces: readonly string[];
  readonly dimension: number;
  readonly vectorOf?: (token: string, id: number) => readonly number[];
}): Map<string, number> {
  const vocabulary = writeTinyTokenizer(options.directory, options.pieces);
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
  for (const [token, id] of [...vocabulary.entries()].sort((left, right) => left[1] - right[1])) {
    const vector = [...vectorOf(token, id)];
    if (vector.length !== options.dimension) throw new Error(`vector of ${token} has the wrong length`);
    rows.push(...vector);
  }
  const masks = maskNodes();
  writeModel(
    options.directory,
    [
      ...masks.nodes,
      { opType: 'Gather', input: ['table', 'input_ids'], output: ['gathered'] },
      { opType: 'Unsqueeze', input: ['masks_zero', 'last_axis'], output: ['masks_column'] },
      { opType: 'Add', input: ['gathered', 'masks_column'], output: ['last_hidden_state'] },
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
    [floatOutput('last_hidden_state', ['batch', 'sequence', options.dimension])],
  );
  return vocabulary;
}

/**
 * A tiny extractive QA model: `start_logits[b, t] = startScore(token)` and likewise for ends, so a
 * test decides which tokens open and close the answer span. Tokens not listed score 0.
 */
export function writeTinySpanModel(options: {
  readonly directory: string;
  readonly pieces: readonly string[];
  readonly startScores: Readonly<Record<string, number>>;
  readonly endScores: Readonly<Record<string, number>>;
}): Map<string, number> {
  const vocabulary = writeTinyTokenizer(options.directory, options.pieces);
  const ordered = [...vocabulary.entries()].sort((left, right) => left[1] - right[1]).map(([token]) => token);
  const masks = maskNodes();
  writeModel(
    options.directory,
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
        ordered.map((token) => options.startScores[token] ?? 0),
      ),
      floatTensor(
        'end_table',
        [ordered.length],
        ordered.map((token) => options.endScores[token] ?? 0),
      ),
    ],
    [floatOutput('start_logits', ['batch', 'sequence']), floatOutput('end_logits', ['batch', 'sequence'])],
  );
  return vocabulary;
}
