import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';

/** How a sentence encoder turns token states into one vector. */
export type Pooling = 'mean' | 'cls';

/**
 * The optional `rootweaver.json` beside `model.onnx`: what the folder cannot say by itself. Every
 * key is optional; options given in code win over the file.
 *
 * ```json
 * { "pooling": "cls", "queryPrefix": "query: ", "passagePrefix": "passage: ", "maxLength": 512 }
 * ```
 */
export interface ModelFolderConfig {
  /** Encoder: `mean` (default; sentence-transformers, e5, Contriever) or `cls` (bge, gte-style CLS models). */
  readonly pooling?: Pooling;
  /** Encoder: put before every query, e.g. `query: ` (e5) or bge's retrieval instruction. */
  readonly queryPrefix?: string;
  /** Encoder: put before every passage, e.g. `passage: ` (e5). */
  readonly passagePrefix?: string;
  /** Both: tokens per model input, special tokens included. */
  readonly maxLength?: number;
  /** Extractor: context tokens shared by consecutive windows over a long text. */
  readonly stride?: number;
  /** Extractor: read the first token's logits as SQuAD 2 "no answer" and refuse when it wins (default true). */
  readonly noAnswer?: boolean;
}

export const modelFolderConfigFile = 'rootweaver.json';

const keys = ['pooling', 'queryPrefix', 'passagePrefix', 'maxLength', 'stride', 'noAnswer'] as const;

/** Reads and checks `rootweaver.json` in `directory`; none there is an empty config. */
export function readModelFolderConfig(directory: string): ModelFolderConfig {
  const path = join(directory, modelFolderConfigFile);
  if (!existsSync(path)) return {};
  const fail = (problem: string, cause?: unknown): never => {
    throw new RootweaverError(
      'model-load-failed',
      `${path}: ${problem}. Allowed: {"pooling": "mean"|"cls", "queryPrefix": string, "passagePrefix": string, "maxLength": integer ≥ 8, "stride": integer ≥ 0, "noAnswer": boolean}, every key optional.`,
      cause === undefined ? undefined : { cause },
    );
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail('not a JSON object');
  const record = parsed as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(keys as readonly string[]).includes(key));
  if (unknown.length > 0) fail(`unknown key ${unknown.map((key) => `"${key}"`).join(', ')}`);
  const { pooling, queryPrefix, passagePrefix, maxLength, stride, noAnswer } = record;
  if (pooling !== undefined && pooling !== 'mean' && pooling !== 'cls')
    fail(`"pooling" is ${JSON.stringify(pooling)}`);
  for (const [key, value] of [
    ['queryPrefix', queryPrefix],
    ['passagePrefix', passagePrefix],
  ] as const)
    if (value !== undefined && typeof value !== 'string') fail(`"${key}" is ${JSON.stringify(value)}`);
  for (const [key, value, least] of [
    ['maxLength', maxLength, 8],
    ['stride', stride, 0],
  ] as const)
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= least))
      fail(`"${key}" is ${JSON.stringify(value)}`);
  if (noAnswer !== undefined && typeof noAnswer !== 'boolean')
    fail(`"noAnswer" is ${JSON.stringify(noAnswer)}`);
  return record as ModelFolderConfig;
}
