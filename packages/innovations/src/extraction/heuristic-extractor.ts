import type {
  AnswerExtractor,
  AnswerType,
  Extraction,
  ExtractOptions,
  NameKindModel,
  SearchHit,
} from '@rootweaver/core';
import { throwIfAborted } from '@rootweaver/core';
import { candidatesOf } from './answer-candidates.js';
import { namesAskedNoun } from './asked-noun.js';
import {
  contentWords,
  cueBonus,
  profile,
  questionOverlap,
  type Relevance,
  relevanceOf,
  wordsOverlap,
} from './question-profile.js';
import { contentTokens, normaliseAnswer } from './text.js';
import { type AnalysedText, TextAnalysisCache } from './text-analysis.js';

export { inferAnswerType } from './answer-type.js';

/**
 * Weight of a passage sentence relative to a pair's own answer: a passage was not written to answer
 * the pair's question, so its spans are weaker evidence. 0.6 is the default the extractor had before
 * a search over dev-set results moved it to 0.7 (removed for issue 24); it is not tuned.
 */
const PASSAGE_WEIGHT = 0.6;

/**
 * A hit's weight falls with its retrieval rank as 1 / (1 + RANK_DECAY · (rank − 1)): the fifth hit weighs
 * 0.56 of the first. From the extractor's first version (5fd06bf); ADR-0020 switched it off on the
 * extraction set (23 won, 77 lost) and kept it.
 */
const RANK_DECAY = 0.2;

/**
 * The confidence's scale: fit × relevance × √share times 1.25, clipped to [0, 1], so a product of 0.8 or
 * more is full confidence. From the extractor's first version (5fd06bf); `eval` reports how well the
 * resulting confidence is calibrated, out of sample (ADR-0004).
 */
const CONFIDENCE_SCALE = 1.25;

interface Source {
  readonly text: string;
  readonly analysed: AnalysedText;
  /** 1 for a pair's answer or a text hit's own sentence, less for the pair's passage. */
  readonly weight: number;
  /** How well the text, with its pair's title and question, is about the question. */
  readonly relevance: Relevance;
}

export interface HeuristicExtractorOptions {
  /** Weight of passage sentences relative to the pair's own answer (default `PASSAGE_WEIGHT`, 0.6). */
  readonly passageWeight?: number;
  /**
   * Where the question-independent analysis of each text (passage, sentence, pair) is kept across
   * calls. An extractor makes its own; `analyseCandidates` without one analyses afresh each call.
   */
  readonly cache?: TextAnalysisCache;
  /**
   * A model of what kind of thing a name names (`@rootweaver/models`' `NameKindClassifier`): when given,
   * a capitalised candidate's fit for a person, place, organisation or title is weighed by how well its
   * kind agrees with the one asked (`kindAgreement`). Without one, the fit is the name's shape alone.
   */
  readonly nameKinds?: NameKindModel;
}

/**
 * One distinct answer span, scored by its best occurrence (pairs that repeat it are cited, not added up:
 * ADR-0020), and what that occurrence showed.
 */
export interface AnalysedCandidate {
  readonly display: string;
  /** `normaliseAnswer(display)`: equal keys are one answer. */
  readonly key: string;
  /** The heuristic's score: its best occurrence's. */
  readonly best: number;
  readonly bestFit: number;
  readonly bestRelevance: number;
  /** The hits that state it, each once, best-ranked first. */
  readonly evidenceIds: readonly string[];
  /** It names the noun asked for ("Tern County" for "which county"): that word is no overlap with the question. */
  readonly headFit: boolean;
  /** Share of its words the question contains. */
  readonly overlap: number;
}

/** Every candidate of one sub-question over its evidence, ranked by the heuristic score (best first). */
export interface CandidateAnalysis {
  readonly answerType: AnswerType;
  readonly candidates: readonly AnalysedCandidate[];
}

interface MutableCandidate {
  readonly display: string;
  readonly key: string;
  best: number;
  bestFit: number;
  bestRelevance: number;
  readonly evidenceIds: string[];
  headFit: boolean;
  overlap: number;
}

/**
 * Collects and scores the candidate spans of a sub-question over its evidence: typed candidates
 * (dates, numbers, countries, proper-noun chunks, quoted titles) from each pair's answer (its passage
 * as a weaker fallback), scored by type fit, retrieval rank, the pair's relevance to the question,
 * closeness to the question's relation words and overlap with the question's own words. An answer
 * several pairs state scores its best occurrence and cites them all. Pure.
 */
export function analyseCandidates(
  questionText: string,
  evidence: readonly SearchHit[],
  options: HeuristicExtractorOptions = {},
): CandidateAnalysis {
  const passageWeight = options.passageWeight ?? PASSAGE_WEIGHT;
  const cache = options.cache ?? new TextAnalysisCache();
  const question = cache.of(questionText).remember('profile', () => profile(questionText));
  const candidateKey = `candidates|${question.type}|${question.asksAge}|${question.event}|${options.nameKinds?.id ?? ''}`;
  const scored = new Map<string, MutableCandidate>();
  const seenPassages = new Set<string>();
  evidence.forEach((hit, index) => {
    const rank = hit.rank > 0 ? hit.rank : index + 1;
    const rankWeight = 1 / (1 + RANK_DECAY * (rank - 1));
    const sources: Source[] = [];
    const pairQuestion = hit.question ?? '';
    const title = cache.of(hit.title);
    if (hit.answer !== undefined && hit.answer.trim().length > 0) {
      const answer = cache.of(hit.answer);
      const asked = cache.of(pairQuestion);
      const relevance = relevanceOf([title, asked, answer], [asked, answer], question);
      sources.push({
        text: hit.answer,
        analysed: answer,
        weight: 1,
        relevance,
      });
    } else {
      // A hit of text with no pair: its own sentences are its evidence, weighed as a pair's answer.
      for (const text of cache.of(hit.text).sentences) {
        const analysed = cache.of(text);
        sources.push({
          text,
          analysed,
          weight: 1,
          relevance: relevanceOf([title, analysed], [analysed], question),
        });
      }
    }
    // A passage counts once, with its best-ranked pair: several pairs of one document must not outvote others.
    if (hit.passage.length > 0 && hit.passage !== hit.text && !seenPassages.has(hit.passage)) {
      seenPassages.add(hit.passage);
      for (const text of cache.of(hit.passage).sentences) {
        const analysed = cache.of(text);
        sources.push({
          text,
          analysed,
          weight: passageWeight,
          relevance: relevanceOf([title, analysed], [analysed], question),
        });
      }
    }
    const perHit = new Map<
      string,
      {
        score: number;
        fit: number;
        relevance: number;
        display: string;
        headFit: boolean;
        overlap: number;
      }
    >();
    for (const source of sources) {
      const candidates = source.analysed.remember(candidateKey, () =>
        candidatesOf(
          source.analysed,
          cache,
          question.type,
          question.asksAge,
          question.event,
          options.nameKinds,
        ).map((candidate) => {
          const display = candidate.text
            .replace(/^(?:[Tt]he|[Aa]n?)\s+(?=\p{Ll})/u, '')
            .replace(/[\s,;:]+$/, '');
          return { candidate, display, key: normaliseAnswer(display), words: contentWords(display) };
        }),
      );
      for (const { candidate, display, key, words } of candidates) {
        if (key.length === 0) continue;
        // A name that says what was asked ("Orlen City" for "which city") is no overlap with the question.
        const headFit = question.headNoun !== undefined && namesAskedNoun(display, question.headNoun);
        const overlap = headFit
          ? questionOverlap(display.replace(/\s*[\p{L}]+$/u, ''), question)
          : wordsOverlap(words, question);
        if (overlap >= 0.99) continue;
        // The share of the candidate's words the question does not already say (no floor, no slope).
        const overlapFactor = 1 - overlap;
        const cue = cueBonus(source.analysed, candidate, question);
        const score =
          candidate.fit * source.weight * rankWeight * source.relevance.score * overlapFactor * cue;
        const current = perHit.get(key);
        if (current === undefined || current.score < score)
          perHit.set(key, {
            score,
            fit: candidate.fit * overlapFactor,
            relevance: source.relevance.score,
            display,
            headFit,
            overlap,
          });
      }
    }
    for (const [key, { score, fit, relevance, display, headFit, overlap }] of perHit) {
      const entry = scored.get(key) ?? {
        display,
        key,
        best: 0,
        bestFit: 0,
        bestRelevance: 0,
        evidenceIds: [],
        headFit,
        overlap,
      };
      if (score > entry.best) {
        entry.best = score;
        entry.bestFit = fit;
        entry.bestRelevance = relevance;
        entry.headFit = headFit;
        entry.overlap = overlap;
      }
      entry.evidenceIds.push(hit.id);
      scored.set(key, entry);
    }
  });
  const candidates = [...scored.values()]
    .sort((left, right) => right.best - left.best)
    .map((entry) => ({
      display: entry.display,
      key: entry.key,
      best: entry.best,
      bestFit: entry.bestFit,
      bestRelevance: entry.bestRelevance,
      evidenceIds: [...new Set(entry.evidenceIds)],
      headFit: entry.headFit,
      overlap: entry.overlap,
    }));
  return { answerType: question.type, candidates };
}

/** The heuristic's own confidence in a candidate: its fit and relevance, discounted by the best rival that shares no word with it. */
export function heuristicConfidence(
  candidate: AnalysedCandidate,
  candidates: readonly AnalysedCandidate[],
): number {
  const runnerUp = candidates.find((entry) => !overlaps(entry.display, candidate.display))?.best ?? 0;
  // A candidate no source is about (relevance 0) has nothing to be confident in.
  if (candidate.best === 0) return 0;
  const share = candidate.best / (candidate.best + runnerUp);
  return Math.max(
    0,
    Math.min(1, candidate.bestFit * candidate.bestRelevance * Math.sqrt(share) * CONFIDENCE_SCALE),
  );
}

/**
 * Extracts an answer span from retrieved QA pairs without a model: the best-scored candidate of
 * `analyseCandidates`, with a confidence from its fit, its relevance and its margin over the best rival.
 */
export class HeuristicExtractor implements AnswerExtractor {
  /** `heuristic`, or `heuristic(<name-kind model id>)` when it weighs names by a `NameKindModel`. */
  readonly id: string;
  private readonly options: HeuristicExtractorOptions & { readonly cache: TextAnalysisCache };

  constructor(options: HeuristicExtractorOptions = {}) {
    this.id = options.nameKinds === undefined ? 'heuristic' : `heuristic(${options.nameKinds.id})`;
    this.options = {
      passageWeight: options.passageWeight ?? PASSAGE_WEIGHT,
      cache: options.cache ?? new TextAnalysisCache(),
      ...(options.nameKinds === undefined ? {} : { nameKinds: options.nameKinds }),
    };
  }

  /** The extractor's analyses of the texts it has seen (shared with whoever passed it in). */
  get cache(): TextAnalysisCache {
    return this.options.cache;
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    throwIfAborted(options.signal);
    return this.extractSync(options.question, options.evidence);
  }

  /** The synchronous core, for callers that do not need a promise. */
  extractSync(questionText: string, evidence: readonly SearchHit[]): Extraction {
    return this.decide(analyseCandidates(questionText, evidence, this.options));
  }

  /** The heuristic's answer from an analysis already made. */
  decide(analysis: CandidateAnalysis): Extraction {
    const top = analysis.candidates[0];
    if (top === undefined)
      return { answer: '', confidence: 0, evidenceIds: [], answerType: analysis.answerType };
    const confidence = heuristicConfidence(top, analysis.candidates);
    return {
      answer: top.display,
      confidence: Math.round(confidence * 1000) / 1000,
      evidenceIds: [...top.evidenceIds],
      answerType: analysis.answerType,
    };
  }
}

/** Whether two answers share a word (a runner-up that repeats the winner does not lower confidence). */
function overlaps(left: string, right: string): boolean {
  const leftTokens = new Set(contentTokens(left));
  return contentTokens(right).some((token) => leftTokens.has(token));
}
