import type { RewriteParent } from '@rootweaver/core';
import { contentTokens, normaliseAnswer, stem, wordTokens } from '../extraction/text.js';
import { answerEntity } from './answer-entity.js';

export interface CheckRewriteOptions {
  /** The sub-question as planned. */
  readonly question: string;
  readonly parents: readonly RewriteParent[];
  /** What the rewriter wrote. */
  readonly rewrite: string;
  /** Longest question the engine accepts. */
  readonly maxChars: number;
}

export type RewriteVerdict =
  | {
      readonly usable: true;
      /** The cleaned rewrite. */
      readonly text: string;
      /** Parents whose answers the rewrite put in (absent from the question as planned). */
      readonly insertedFrom: readonly number[];
    }
  | { readonly usable: false; readonly reason: string; readonly text: string };

/** Characters a rewrite may add beyond the question and its parents' answers ("In which city" for "Where"). */
export const lengthSlack = 60;

/** Characters a rewrite may add around each answer it puts in (a possessive "'s", a ", " before it). */
export const answerSlack = 2;

/**
 * The rewriter's output as one question: its first non-empty line, a leading label ("Rewritten
 * question:") and wrapping quotes removed, white space collapsed.
 */
export function cleanRewrite(raw: string): string {
  const line = raw.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  return line
    .trim()
    .replace(/^(?:rewritten question|rewritten|rewrite|question|answer|output)\s*:\s*/i, '')
    .replace(/^["'‘“`]+|["'’”`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a text says an answer: the answer's `normaliseAnswer` form, as whole words of the text's. */
function includesPhrase(text: string, phrase: string): boolean {
  const needle = normaliseAnswer(phrase);
  return needle !== '' && ` ${normaliseAnswer(text)} `.includes(` ${needle} `);
}

/**
 * Whether a rewrite may replace the rules' grounding. It must be one question, no longer than the
 * question and its parents' answers together (plus `answerSlack` per answer and `lengthSlack`), keep
 * some of the question's own words, contain at least one parent's answer, and name nothing — a word
 * after the first with a capital letter anywhere in it ("Tarrow", "eTarrow"), or a number — that is
 * neither in the question nor in a parent's question or answer (the rules' never-invent rule).
 */
export function checkRewrite(options: CheckRewriteOptions): RewriteVerdict {
  const text = cleanRewrite(options.rewrite);
  const refuse = (reason: string): RewriteVerdict => ({ usable: false, reason, text });
  if (text === '') return refuse('empty');
  const entities = options.parents.flatMap((parent) => {
    const entity = answerEntity(parent.answer);
    return entity === undefined ? [] : [{ id: parent.id, entity }];
  });
  const limit = Math.min(
    options.maxChars,
    options.question.length +
      entities.reduce((sum, { entity }) => sum + entity.length + answerSlack, 0) +
      lengthSlack,
  );
  if (text.length > limit) return refuse(`implausible: ${text.length} characters, over ${limit}`);
  const present = entities.filter(({ entity }) => includesPhrase(text, entity));
  if (present.length === 0) return refuse("implausible: drops the parents' answers");
  const known = new Set(
    wordTokens(
      [options.question, ...options.parents.flatMap((parent) => [parent.question, parent.answer])].join(' '),
    ),
  );
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => match[0]);
  const invented = words.find(
    (word, index) =>
      (/\p{N}/u.test(word) || (index > 0 && /\p{Lu}/u.test(word))) && !known.has(word.toLowerCase()),
  );
  if (invented !== undefined)
    return refuse(`implausible: names '${invented}', which neither the question nor a parent has`);
  const answerWords = new Set(entities.flatMap(({ entity }) => contentTokens(entity).map(stem)));
  const ownWords = contentTokens(options.question)
    .map(stem)
    .filter((word) => !answerWords.has(word));
  const kept = new Set(contentTokens(text).map(stem));
  if (ownWords.length > 0 && !ownWords.some((word) => kept.has(word)))
    return refuse("implausible: keeps none of the question's own words");
  const insertedFrom = present
    .filter(({ entity }) => !includesPhrase(options.question, entity))
    .map(({ id }) => id);
  return { usable: true, text, insertedFrom: [...new Set(insertedFrom)].sort((a, b) => a - b) };
}
