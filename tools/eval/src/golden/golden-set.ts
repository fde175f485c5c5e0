import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import { parse as parseToml } from 'smol-toml';

/** The seed's three kinds of question; `uncategorised` for a question that names none. */
export type GoldenCategory = 'cross-document' | 'within-document' | 'single-fact' | 'uncategorised';

/** One golden question, in the seed's shape (p9-fb-41 golden set). */
export interface GoldenQuestion {
  readonly id: string;
  readonly query: string;
  readonly category: GoldenCategory;
  /** Every one of these must occur in the answer (case-insensitive) for answer-contains to hold. */
  readonly expected_answer_contains: readonly string[];
  /** The documents the answer must draw on: paths in the corpus (`zod/README.md`) or file names. */
  readonly expected_sources: readonly string[];
  readonly multi_hop_required: boolean;
}

export interface GoldenSet {
  readonly description?: string;
  readonly questions: readonly GoldenQuestion[];
  /** Extra chain questions shown by the demo; not scored. */
  readonly demo_questions?: readonly GoldenQuestion[];
  /** The corpus the set is written against, resolved against the set's own folder (`corpus = "docs"`). */
  readonly corpus?: string;
}

const categories: readonly GoldenCategory[] = ['cross-document', 'within-document', 'single-fact'];

function readQuestion(value: unknown, where: string): GoldenQuestion {
  const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (field: string): string[] => {
    const raw = entry[field];
    if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string')) {
      throw new RootweaverError('invalid-input', `${where}: "${field}" must be an array of strings.`);
    }
    return raw as string[];
  };
  if (typeof entry.id !== 'string' || typeof entry.query !== 'string') {
    throw new RootweaverError('invalid-input', `${where}: needs string fields "id" and "query".`);
  }
  const category = entry.category ?? 'uncategorised';
  if (typeof category !== 'string' || ![...categories, 'uncategorised'].includes(category)) {
    throw new RootweaverError(
      'invalid-input',
      `${where}: "category" must be one of ${categories.join(', ')} (or be left out).`,
    );
  }
  return {
    id: entry.id,
    query: entry.query,
    category: category as GoldenCategory,
    expected_answer_contains: strings('expected_answer_contains'),
    expected_sources: strings('expected_sources'),
    multi_hop_required: entry.multi_hop_required === true,
  };
}

/**
 * Parses a golden-set object — JSON's `questions` array, or the seed's TOML `[[question]]` tables —
 * and throws `invalid-input` naming the question that is malformed.
 */
export function parseGoldenSet(value: unknown): GoldenSet {
  const root = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const list = root.questions ?? root.question;
  const field = root.questions === undefined ? 'question' : 'questions';
  if (!Array.isArray(list)) {
    throw new RootweaverError(
      'invalid-input',
      'A golden set needs a "questions" array (JSON) or [[question]] tables (TOML).',
    );
  }
  const questions = list.map((entry, index) => readQuestion(entry, `${field}[${index}]`));
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.id))
      throw new RootweaverError('invalid-input', `Golden question id ${question.id} appears twice.`);
    ids.add(question.id);
  }
  const demo = Array.isArray(root.demo_questions)
    ? root.demo_questions.map((entry, index) => readQuestion(entry, `demo_questions[${index}]`))
    : undefined;
  return {
    ...(typeof root.description === 'string' ? { description: root.description } : {}),
    questions,
    ...(demo === undefined ? {} : { demo_questions: demo }),
    ...(typeof root.corpus === 'string' ? { corpus: root.corpus } : {}),
  };
}

export async function loadGoldenSet(file: string): Promise<GoldenSet> {
  if (!existsSync(file)) {
    throw new RootweaverError('not-found', `Golden set ${file} does not exist; check the path.`);
  }
  const toml = extname(file).toLowerCase() === '.toml';
  let value: unknown;
  try {
    const text = await readFile(file, 'utf8');
    value = toml ? parseToml(text) : JSON.parse(text);
  } catch (error) {
    throw new RootweaverError(
      'invalid-input',
      `Golden set ${file} is not valid ${toml ? 'TOML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
  const golden = parseGoldenSet(value);
  return golden.corpus === undefined ? golden : { ...golden, corpus: resolve(dirname(file), golden.corpus) };
}
