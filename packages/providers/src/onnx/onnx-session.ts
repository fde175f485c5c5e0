import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRootweaverError, RootweaverError } from '@rootweaver/core';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { requireOptionalDependency } from '../optional-dependency.js';
import { type ModelFolderConfig, readModelFolderConfig } from './model-folder-config.js';
import { type EncodedText, ModelTokenizer } from './model-tokenizer.js';

interface OrtModule {
  readonly InferenceSession: {
    create(path: string, options?: InferenceSession.SessionOptions): Promise<InferenceSession>;
  };
  readonly Tensor: new (type: 'int64', data: BigInt64Array, dims: readonly number[]) => Tensor;
}

// Loaded on first use: the native runtime takes a while to load and most runs need no model.
let ort: OrtModule | undefined;

function loadRuntime(): OrtModule {
  try {
    ort ??= requireOptionalDependency<OrtModule>('onnxruntime-node', 'The ONNX embedder and span extractor');
    return ort;
  } catch (error) {
    if (isRootweaverError(error, 'not-configured')) throw error;
    throw new RootweaverError(
      'model-load-failed',
      `Cannot load onnxruntime-node: ${(error as Error).message}. Reinstall dependencies with \`pnpm install\`.`,
      { cause: error },
    );
  }
}

export interface LoadedModel {
  readonly session: InferenceSession;
  readonly tokenizer: ModelTokenizer;
  readonly config: ModelFolderConfig;
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
}

/** The inputs rootweaver can feed a transformer export; `token_type_ids` only when the model has it. */
export const feedableInputs = ['input_ids', 'attention_mask', 'token_type_ids'] as const;

/** Loads `model.onnx` + `tokenizer.json` from a folder; every failure is `model-load-failed` with the fix. */
export async function loadModelFolder(
  directory: string,
  kind: string,
  required: { readonly inputs: readonly string[]; readonly outputs: readonly string[] },
): Promise<LoadedModel> {
  const fix = `Put an ONNX export of a ${kind} (model.onnx) and its tokenizer.json in ${directory}.`;
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new RootweaverError('model-load-failed', `The ${kind} folder ${directory} does not exist. ${fix}`);
  }
  const modelPath = join(directory, 'model.onnx');
  const tokenizerPath = join(directory, 'tokenizer.json');
  for (const path of [modelPath, tokenizerPath]) {
    if (!existsSync(path)) throw new RootweaverError('model-load-failed', `${path} is missing. ${fix}`);
  }
  const tokenizer = ModelTokenizer.fromDirectory(directory);
  const config = readModelFolderConfig(directory);
  const runtime = loadRuntime();
  let session: InferenceSession;
  try {
    session = await runtime.InferenceSession.create(modelPath, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      intraOpNumThreads: 1,
    });
  } catch (error) {
    throw new RootweaverError(
      'model-load-failed',
      `${modelPath} cannot be loaded by onnxruntime (${(error as Error).message.split('\n')[0]}). Re-export or re-download the model.`,
      { cause: error },
    );
  }
  const has = `it has inputs ${session.inputNames.join(', ')}; outputs ${session.outputNames.join(', ')}`;
  const missingInputs = required.inputs.filter((name) => !session.inputNames.includes(name));
  const missingOutputs = required.outputs.filter((name) => !session.outputNames.includes(name));
  if (missingInputs.length > 0 || missingOutputs.length > 0) {
    await session.release();
    throw new RootweaverError(
      'model-load-failed',
      `${modelPath} is not a ${kind}: it lacks ${[...missingInputs.map((name) => `input ${name}`), ...missingOutputs.map((name) => `output ${name}`)].join(', ')} (${has}). ${fix}`,
    );
  }
  const unfeedable = session.inputNames.filter(
    (name) => !(feedableInputs as readonly string[]).includes(name),
  );
  if (unfeedable.length > 0) {
    await session.release();
    throw new RootweaverError(
      'model-load-failed',
      `${modelPath} needs input ${unfeedable.join(', ')}, which rootweaver cannot feed (${has}); only ${feedableInputs.join(', ')} are. Export an encoder-only model with optimum-cli export onnx --task feature-extraction or question-answering.`,
    );
  }
  return { session, tokenizer, config, inputNames: session.inputNames, outputNames: session.outputNames };
}

/** Pads rows of token ids to one length and builds the int64 feeds the model declares. */
export function buildFeeds(
  model: LoadedModel,
  rows: readonly EncodedText[],
): { feeds: Record<string, Tensor>; length: number } {
  const runtime = loadRuntime();
  const length = Math.max(1, ...rows.map((row) => row.inputIds.length));
  const make = (pick: (row: (typeof rows)[number]) => readonly number[], pad: number): Tensor => {
    const data = new BigInt64Array(rows.length * length).fill(BigInt(pad));
    rows.forEach((row, rowIndex) => {
      pick(row).forEach((value, column) => {
        data[rowIndex * length + column] = BigInt(value);
      });
    });
    return new runtime.Tensor('int64', data, [rows.length, length]);
  };
  const feeds: Record<string, Tensor> = {
    input_ids: make((row) => row.inputIds, model.tokenizer.padId),
    attention_mask: make((row) => row.attentionMask, 0),
  };
  if (model.inputNames.includes('token_type_ids')) feeds.token_type_ids = make((row) => row.tokenTypeIds, 0);
  return { feeds, length };
}
