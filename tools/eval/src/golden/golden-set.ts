import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { RootweaverError } from '@rootweaver/core';

export type GoldenCategory = 'cross-document' | 'within-document' | 'single-fact';

/** One golden question, in the seed's shape (p9-fb-41 golden set). */
export interface GoldenQuestion {
  readonly id: string;
  readonly query: string;
  readonly category: GoldenCategory;
  /** Every one of these must occur in the answer (case-insensitive) for answer-contains to hold. */
  readonly expected_answer_contains: readonly string[];
  /** Document ids (file names in the sample corpus) the answer must draw on. */
  readonly expected_sources: readonly string[];
  readonly multi_hop_required: boolean;
}

export interface GoldenSet {
  readonly description?: string;
  readonly questions: readonly GoldenQuestion[];
  /** Extra chain questions shown by the demo; not scored. */
  readonly demo_questions?: readonly GoldenQuestion[];
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
  const category = entry.category;
  if (typeof category !== 'string' || !categories.includes(category as GoldenCategory)) {
    throw new RootweaverError(
      'invalid-input',
      `${where}: "category" must be one of ${categories.join(', ')}.`,
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

/** Parses a golden-set object; throws `invalid-input` naming the question that is malformed. */
export function parseGoldenSet(value: unknown): GoldenSet {
  const root = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!Array.isArray(root.questions)) {
    throw new RootweaverError('invalid-input', 'A golden set needs a "questions" array.');
  }
  const questions = root.questions.map((entry, index) => readQuestion(entry, `questions[${index}]`));
  const demo = Array.isArray(root.demo_questions)
    ? root.demo_questions.map((entry, index) => readQuestion(entry, `demo_questions[${index}]`))
    : undefined;
  return {
    ...(typeof root.description === 'string' ? { description: root.description } : {}),
    questions,
    ...(demo === undefined ? {} : { demo_questions: demo }),
  };
}

export async function loadGoldenSet(file: string): Promise<GoldenSet> {
  if (!existsSync(file)) {
    throw new RootweaverError('not-found', `Golden set ${file} does not exist; check the path.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new RootweaverError('invalid-input', `Golden set ${file} is not valid JSON.`, { cause: error });
  }
  return parseGoldenSet(value);
}
