import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import type { BaselineRun, QuestionRecord, RecordedPlanNode, ReferenceRun } from './question-record.js';

export interface LoadQuestionRecordsOptions {
  readonly file: string;
  /** Keep only the first N records. */
  readonly limit?: number;
  /** Dataset name when record ids carry no `<dataset>-` prefix; defaults to the file's folder name. */
  readonly dataset?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPlan(value: unknown): RecordedPlanNode[] | null {
  if (!Array.isArray(value)) return null;
  const nodes: RecordedPlanNode[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.question !== 'string' || typeof entry.index !== 'number')
      return null;
    const refs = Array.isArray(entry.refs)
      ? entry.refs.filter((ref): ref is number => typeof ref === 'number')
      : [];
    nodes.push({ index: entry.index, question: entry.question, refs });
  }
  return nodes;
}

function readReference(value: unknown): ReferenceRun | undefined {
  if (!isRecord(value)) return undefined;
  const tokens = isRecord(value.tokens) ? value.tokens : {};
  const stage = (raw: unknown) =>
    isRecord(raw) && typeof raw.input === 'number' && typeof raw.output === 'number'
      ? { input: raw.input, output: raw.output }
      : undefined;
  const decompose = stage(tokens.decompose);
  const synthesize = stage(tokens.synthesize);
  return {
    prediction: typeof value.prediction === 'string' ? value.prediction : '',
    exactMatch: value.exactMatch === true,
    f1: typeof value.f1 === 'number' ? value.f1 : 0,
    llmCalls: typeof value.llmCalls === 'number' ? value.llmCalls : 0,
    tokens: {
      ...(decompose === undefined ? {} : { decompose }),
      ...(synthesize === undefined ? {} : { synthesize }),
      total: typeof tokens.total === 'number' ? tokens.total : 0,
    },
  };
}

function readBaselines(value: unknown): Record<string, BaselineRun> {
  if (!isRecord(value)) return {};
  const baselines: Record<string, BaselineRun> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!isRecord(raw)) continue;
    baselines[name] = {
      ...(typeof raw.prediction === 'string' ? { prediction: raw.prediction } : {}),
      ...(typeof raw.exactMatch === 'boolean' ? { exactMatch: raw.exactMatch } : {}),
      ...(typeof raw.f1 === 'number' ? { f1: raw.f1 } : {}),
      ...(typeof raw.tokens === 'number' || raw.tokens === null ? { tokens: raw.tokens } : {}),
    };
  }
  return baselines;
}

/** Parses one JSONL line; throws `invalid-input` naming the line when a required field is missing. */
export function parseQuestionRecord(
  line: string,
  lineNumber: number,
  fallbackDataset: string,
): QuestionRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new RootweaverError('invalid-input', `Line ${lineNumber} is not valid JSON; fix or remove it.`, {
      cause: error,
    });
  }
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.question !== 'string' ||
    typeof value.answer !== 'string'
  ) {
    throw new RootweaverError(
      'invalid-input',
      `Line ${lineNumber} needs string fields "id", "question" and "answer".`,
    );
  }
  const prefix = /^([a-z0-9]+)-/i.exec(value.id)?.[1];
  const reference = readReference(value.reference);
  return {
    id: value.id,
    dataset: prefix ?? fallbackDataset,
    question: value.question,
    answer: value.answer,
    kind: typeof value.kind === 'string' ? value.kind : 'unknown',
    plan: readPlan(value.plan),
    ...(value.planRaw === undefined ? {} : { planRaw: value.planRaw }),
    ...(reference === undefined ? {} : { reference }),
    baselines: readBaselines(value.baselines),
  };
}

/** Reads a `questions.dev.jsonl` file (the compactrag record shape; see datasets/README.md). */
export async function loadQuestionRecords(options: LoadQuestionRecordsOptions): Promise<QuestionRecord[]> {
  const file = resolve(options.file);
  if (!existsSync(file)) {
    throw new RootweaverError('not-found', `Questions file ${options.file} does not exist; check the path.`);
  }
  const text = await readFile(file, 'utf8');
  const fallbackDataset = options.dataset ?? basename(dirname(file));
  const records: QuestionRecord[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? '';
    if (line.length === 0) continue;
    records.push(parseQuestionRecord(line, index + 1, fallbackDataset));
    if (options.limit !== undefined && records.length >= options.limit) break;
  }
  if (records.length === 0) {
    throw new RootweaverError('invalid-input', `Questions file ${options.file} holds no records.`);
  }
  return records;
}

/**
 * Where the shared evaluation datasets live: `../shared/datasets/compactrag` beside the checkout.
 * Returns undefined (never throws) when they are absent, e.g. on a fresh machine.
 */
export function locateSharedDatasets(repoRoot: string): string | undefined {
  const directory = join(resolve(repoRoot), '..', 'shared', 'datasets', 'compactrag');
  return existsSync(directory) ? directory : undefined;
}

export const missingSharedDatasetsMessage =
  'The evaluation datasets are not here: ../shared/datasets/compactrag beside the checkout is missing. ' +
  'Skipping; see docs for where to get them.';
