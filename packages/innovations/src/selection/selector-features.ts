import type { AnswerType } from '@rootweaver/core';
import {
  type AnalysedCandidate,
  type CandidateAnalysis,
  type CandidateKindName,
  heuristicConfidence,
} from '../extraction/heuristic-extractor.js';

/**
 * Bumped whenever a feature is added, removed or computed differently: a selector trained on other
 * features is refused (and the index falls back to the heuristic extractor until it is retrained).
 */
export const selectorFeatureVersion = 1;

/** The candidates per sub-question the selector ranks: the heuristic's best, which hold the answer whenever any does in practice. */
export const selectorCandidateLimit = 12;

const candidateKinds: readonly CandidateKindName[] = [
  'date',
  'number',
  'country',
  'chunk',
  'quoted',
  'remainder',
  'yes-no',
];

const answerTypes: readonly AnswerType[] = [
  'person',
  'date',
  'year',
  'place',
  'country',
  'nationality',
  'number',
  'organisation',
  'title',
  'other',
];

/** The features, in order; a model file records them and is refused when they differ. */
export const selectorFeatureNames: readonly string[] = [
  'heuristic.log_total',
  'heuristic.total_over_top',
  'heuristic.inverse_rank',
  'heuristic.is_top',
  'heuristic.best_share',
  'heuristic.best_fit',
  'heuristic.best_relevance',
  'heuristic.confidence',
  'signal.type_fit',
  'signal.head_fit',
  'signal.question_overlap',
  'signal.is_pair_subject',
  'signal.is_topic_subject',
  'signal.kin_conflict',
  'signal.work_for_person',
  'signal.cue_bonus',
  'signal.from_answer',
  'signal.source_weight',
  'signal.entity_coverage',
  'signal.relation_coverage',
  'signal.whole_source',
  'signal.position',
  'signal.inverse_rank',
  'signal.score_ratio',
  'signal.log_score',
  'support.log_hits',
  'support.hit_share',
  'support.inverse_best_rank',
  'shape.log_words',
  'shape.chars',
  'shape.has_digit',
  'shape.capitalised_share',
  ...candidateKinds.map((kind) => `kind.${kind}`),
  ...answerTypes.map((type) => `type.${type}`),
];

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

function candidateRow(
  candidate: AnalysedCandidate,
  index: number,
  analysis: CandidateAnalysis,
  evidenceCount: number,
): number[] {
  const top = analysis.candidates[0];
  const topTotal = top === undefined || top.total <= 0 ? 1 : top.total;
  const signals = candidate.signals;
  const spanWords = words(candidate.display);
  const capitalised = spanWords.filter((word) => /^[\p{Lu}\p{N}]/u.test(word)).length;
  return [
    Math.log(candidate.total + 1e-4),
    candidate.total / topTotal,
    1 / (1 + index),
    index === 0 ? 1 : 0,
    candidate.total <= 0 ? 0 : candidate.best / candidate.total,
    candidate.bestFit,
    candidate.bestRelevance,
    heuristicConfidence(candidate, analysis.candidates),
    signals.typeFit,
    signals.headFit ? 1 : 0,
    signals.overlap,
    signals.subjectFactor < 0.5 ? 1 : 0,
    signals.subjectFactor < 1 && signals.subjectFactor >= 0.5 ? 1 : 0,
    signals.kinFactor < 1 ? 1 : 0,
    signals.workFactor < 1 ? 1 : 0,
    signals.cueBonus - 1,
    signals.fromAnswer ? 1 : 0,
    signals.sourceWeight,
    signals.entityCoverage,
    signals.relationCoverage,
    signals.wholeSource ? 1 : 0,
    signals.position,
    1 / signals.rank,
    signals.scoreRatio,
    Math.log(signals.score + 1e-4),
    Math.log1p(candidate.hits),
    evidenceCount === 0 ? 0 : candidate.hits / evidenceCount,
    1 / candidate.bestRank,
    Math.log1p(spanWords.length),
    Math.min(1, candidate.display.length / 40),
    /\d/.test(candidate.display) ? 1 : 0,
    spanWords.length === 0 ? 0 : capitalised / spanWords.length,
    ...candidateKinds.map((kind) => (signals.kind === kind ? 1 : 0)),
    ...answerTypes.map((type) => (analysis.answerType === type ? 1 : 0)),
  ];
}

/**
 * One feature row per candidate (the first `selectorCandidateLimit`, in the heuristic's order):
 * the heuristic's own score and rank among them, the signals it multiplied together, the support
 * across retrieved pairs, the span's shape, its kind and the question's answer type. Pure; training
 * and inference call the same function.
 */
export function candidateFeatureRows(analysis: CandidateAnalysis, evidenceCount: number): number[][] {
  return analysis.candidates
    .slice(0, selectorCandidateLimit)
    .map((candidate, index) => candidateRow(candidate, index, analysis, evidenceCount));
}
