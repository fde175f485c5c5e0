import type { AnswerType } from '@rootweaver/core';
import type { Candidate, DateEvent } from './answer-candidates.js';
import { inferAnswerType } from './answer-type.js';
import { askedHeadNoun } from './asked-noun.js';
import { capitalisedChunks, contentTokens, quotedSpans, stem, stopWords, wordTokens } from './text.js';
import type { AnalysedText } from './text-analysis.js';

// What the heuristic extractor reads off a question (its answer type, entity words, relation stems, the
// event it asks about) and how it scores a text or a span against that profile.

export interface Relevance {
  /**
   * The share of the question's entity words and relation stems together that the source holds, each
   * word counted once, in [0, 1]; the mean of the two coverages when the question has none of one kind.
   */
  readonly score: number;
  /** Share of the question's entity words the source's context holds. */
  readonly entityCoverage: number;
  /** Share of the question's relation stems the source holds. */
  readonly relationCoverage: number;
}

export interface QuestionProfile {
  readonly type: AnswerType;
  readonly allTokens: ReadonlySet<string>;
  readonly entityTokens: readonly string[];
  readonly relationStems: readonly string[];
  /** "What is the age of X?": a birth date answers it better than a stray number. */
  readonly asksAge: boolean;
  readonly event: DateEvent;
  /** "In which county …?": the stem of the noun asked for by name. */
  readonly headNoun?: string;
}

/** The heuristic extractor's reading of a question. */
export function profile(question: string): QuestionProfile {
  const type = inferAnswerType(question);
  const entityTokens = new Set<string>();
  for (const span of [...capitalisedChunks(question), ...quotedSpans(question)]) {
    for (const token of wordTokens(span.text)) {
      if (!stopWords.has(token)) entityTokens.add(token);
    }
  }
  const relationStems = [
    ...new Set(
      contentTokens(question)
        .filter((token) => !entityTokens.has(token))
        .map(stem),
    ),
  ];
  const headNoun = askedHeadNoun(question);
  return {
    ...(headNoun === undefined ? {} : { headNoun }),
    type,
    allTokens: new Set(wordTokens(question)),
    entityTokens: [...entityTokens],
    relationStems,
    asksAge: /\bage\b|\bhow old\b/i.test(question),
    event: /\b(?:born|birth|birthday|age|old)\b/i.test(question)
      ? 'birth'
      : /\b(?:die|died|death|dead|pass(?:ed)? away)\b/i.test(question)
        ? 'death'
        : 'other',
  };
}

/**
 * The coverage a source gets when the question names no entity token (0.7) or no relation word (0.5):
 * nothing to miss, so better than a half-miss for the entity, neutral for the relation. Defaults of the
 * extractor's first version (5fd06bf), not tuned.
 */
const coverageWithoutEntity = 0.7;
const coverageWithoutRelation = 0.5;

/**
 * How well a source text (with its pair's title and question) is about the question's entity and
 * relation: one score ranks the candidates and enters their confidence.
 */
export function relevanceOf(
  context: readonly AnalysedText[],
  relationTexts: readonly AnalysedText[],
  question: QuestionProfile,
): Relevance {
  // The token sets of texts joined by spaces are the union of each text's.
  const entities = question.entityTokens.length;
  const relations = question.relationStems.length;
  const entitiesHeld = question.entityTokens.filter((token) =>
    context.some((text) => text.tokens.has(token)),
  ).length;
  const relationsHeld = question.relationStems.filter((token) =>
    relationTexts.some((text) => text.stems.has(token)),
  ).length;
  const entityCoverage = entities === 0 ? coverageWithoutEntity : entitiesHeld / entities;
  const relationCoverage = relations === 0 ? coverageWithoutRelation : relationsHeld / relations;
  // Each word counts once: a source holding a three-word name and not the one relation word is more
  // about the question than one holding one word of the name and that relation word (ADR-0020).
  const score =
    entities === 0 || relations === 0
      ? (entityCoverage + relationCoverage) / 2
      : (entitiesHeld + relationsHeld) / (entities + relations);
  return { score, entityCoverage, relationCoverage };
}

/**
 * The cue bonus: a span right next to one of the question's relation words scores up to `cueBonusAtZero`
 * more, the bonus shrinking by e every `cueReachWords` words between them. Defaults of the extractor's
 * first version (5fd06bf); ADR-0020 switched the bonus off on the extraction set and on dev and kept it.
 */
const cueBonusAtZero = 0.35;
const cueReachWords = 3;

/** Closeness of a span to the question's relation words in the text, as a multiplier ≥ 1. */
export function cueBonus(source: AnalysedText, candidate: Candidate, question: QuestionProfile): number {
  if (question.relationStems.length === 0) return 1;
  const { text } = source;
  let best = Number.POSITIVE_INFINITY;
  for (const match of source.words) {
    if (match.index >= candidate.start && match.index < candidate.end) continue;
    if (!question.relationStems.includes(match.stem)) continue;
    const gap = match.index < candidate.start ? candidate.start - match.index : match.index - candidate.end;
    const words = text
      .slice(Math.min(match.index, candidate.end), Math.max(match.index, candidate.start))
      .split(/\s+/).length;
    best = Math.min(best, gap < 0 ? 0 : words);
  }
  return Number.isFinite(best) ? 1 + cueBonusAtZero * Math.exp(-best / cueReachWords) : 1;
}

/** Share of the candidate's words that the question itself contains (an answer must not repeat it). */
export function questionOverlap(candidate: string, question: QuestionProfile): number {
  return wordsOverlap(contentWords(candidate), question);
}

/** A candidate's words that are not stop words: what `questionOverlap` compares. */
export function contentWords(candidate: string): readonly string[] {
  return wordTokens(candidate).filter((token) => !stopWords.has(token));
}

/** `questionOverlap` of a candidate's `contentWords`. */
export function wordsOverlap(all: readonly string[], question: QuestionProfile): number {
  if (all.length === 0) return 1;
  return all.filter((token) => question.allTokens.has(token)).length / all.length;
}
