import { functionWords, questionWords, thirdPersonPronouns } from '@rootweaver/language-en';
import type { GeneratedPair } from '../generation/qa-generator.js';
import { normaliseText } from './normalise-text.js';

export type RejectionReason =
  | 'empty'
  | 'not-a-question'
  | 'pronoun-in-question'
  | 'answer-not-in-passage'
  | 'duplicate'
  | 'near-duplicate';

export const rejectionReasons: readonly RejectionReason[] = [
  'empty',
  'not-a-question',
  'pronoun-in-question',
  'answer-not-in-passage',
  'duplicate',
  'near-duplicate',
];

export type RejectionCounts = Record<RejectionReason, number>;

export function emptyRejectionCounts(): RejectionCounts {
  return {
    empty: 0,
    'not-a-question': 0,
    'pronoun-in-question': 0,
    'answer-not-in-passage': 0,
    duplicate: 0,
    'near-duplicate': 0,
  };
}

export function addRejectionCounts(total: RejectionCounts, more: Readonly<Partial<RejectionCounts>>): void {
  for (const reason of rejectionReasons) total[reason] += more[reason] ?? 0;
}

export interface ValidatePairsOptions {
  readonly pairs: readonly GeneratedPair[];
  readonly passageText: string;
  /** Token-set Jaccard similarity at or above which a pair is a near duplicate of an earlier one. */
  readonly nearDuplicateThreshold?: number;
  /** Which checks run; all by default. Imports of existing knowledge bases keep rephrased answers. */
  readonly checks?: {
    readonly questionMark?: boolean;
    /** Questions must stand alone: no he/she/it/they/his/her/its/their/him/them. */
    readonly selfContained?: boolean;
    readonly answerInPassage?: boolean;
    readonly nearDuplicates?: boolean;
  };
}

export interface ValidatePairsResult {
  readonly accepted: GeneratedPair[];
  readonly rejected: RejectionCounts;
}

/**
 * Whether a question holds a pronoun that refers back, so that it does not stand alone: one written in
 * lower case anywhere, or one opening the question. A capitalised one inside a question is part of a
 * name or a title ("Hold It Back by His Door"), not a reference — rejecting those lost every pair of a
 * document so named, and with them the document.
 */
function hasReferringPronoun(question: string): boolean {
  const words = question.match(/\p{L}+/gu) ?? [];
  return words.some((word, index) => thirdPersonPronouns.has(index === 0 ? word.toLowerCase() : word));
}

/** The content words of a question, and its question word ("who" and "when" ask different things). */
function contentTokens(normalisedQuestion: string): Set<string> {
  return new Set(
    normalisedQuestion.split(' ').filter((token) => !functionWords.has(token) || questionWords.has(token)),
  );
}

function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 1 : shared / union;
}

/**
 * Keeps pairs that are non-empty, ask a self-contained question (end with `?`, no referring pronoun), whose answer occurs in the passage
 * (after normalisation), and that are not (near) duplicates of an earlier pair; counts the rest by reason.
 */
export function validatePairs(options: ValidatePairsOptions): ValidatePairsResult {
  const threshold = options.nearDuplicateThreshold ?? 0.9;
  const passage = ` ${normaliseText(options.passageText)} `;
  const rejected = emptyRejectionCounts();
  const accepted: GeneratedPair[] = [];
  const seen = new Set<string>();
  const kept: { tokens: Set<string>; questionTokens: Set<string>; answer: string }[] = [];
  for (const pair of options.pairs) {
    const question = pair.question.trim();
    const answer = pair.answer.trim();
    if (question === '' || answer === '') {
      rejected.empty += 1;
      continue;
    }
    if (options.checks?.questionMark !== false && !question.endsWith('?')) {
      rejected['not-a-question'] += 1;
      continue;
    }
    if (options.checks?.selfContained !== false && hasReferringPronoun(question)) {
      rejected['pronoun-in-question'] += 1;
      continue;
    }
    const normalisedAnswer = normaliseText(answer);
    if (
      options.checks?.answerInPassage !== false &&
      (normalisedAnswer === '' || !passage.includes(` ${normalisedAnswer} `))
    ) {
      rejected['answer-not-in-passage'] += 1;
      continue;
    }
    const normalisedQuestion = normaliseText(question);
    const key = `${normalisedQuestion}\u0000${normalisedAnswer}`;
    if (seen.has(key)) {
      rejected.duplicate += 1;
      continue;
    }
    const tokens = new Set(`${normalisedQuestion} ${normalisedAnswer}`.split(' '));
    const questionTokens = contentTokens(normalisedQuestion);
    const nearDuplicate =
      options.checks?.nearDuplicates !== false &&
      kept.some(
        (previous) =>
          jaccard(previous.tokens, tokens) >= threshold ||
          (previous.answer === normalisedAnswer && jaccard(previous.questionTokens, questionTokens) >= 0.7),
      );
    if (nearDuplicate) {
      rejected['near-duplicate'] += 1;
      continue;
    }
    seen.add(key);
    kept.push({ tokens, questionTokens, answer: normalisedAnswer });
    accepted.push(
      pair.question === question && pair.answer === answer ? pair : { ...pair, question, answer },
    );
  }
  return { accepted, rejected };
}
