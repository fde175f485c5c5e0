import type { AnswerExtractor, Extraction, ExtractOptions, SearchHit } from '@rootweaver/core';
import { throwIfAborted } from '@rootweaver/core';
import {
  analyseCandidates,
  HeuristicExtractor,
  type HeuristicExtractorOptions,
} from '../extraction/heuristic-extractor.js';
import { TextAnalysisCache } from '../extraction/text-analysis.js';
import { candidateFeatureRows } from './selector-features.js';
import { calibrate, candidateProbabilities, type SelectorModel } from './selector-model.js';

export interface LearnedSelectorOptions {
  /** A model checked by `parseSelectorModel` (or made by the trainer). */
  readonly model: SelectorModel;
  /**
   * Candidate generation settings, shared with the heuristic fallback (and its text analysis cache,
   * the selector's own unless one is given).
   */
  readonly heuristic?: HeuristicExtractorOptions;
}

/**
 * The learned answer selector (ADR-0007): the heuristic extractor's candidates, ranked by a model
 * trained on the index's own atomic pairs, with a calibrated confidence (the held-out chance that
 * the chosen span is the answer) and the threshold, chosen in training, at which that answer counts
 * as resolved. Yes/no questions and sub-questions with no candidate are left to the heuristic
 * extractor (and its threshold). Pure: the model arrives as data.
 */
export class LearnedSelector implements AnswerExtractor {
  readonly id: string;
  readonly model: SelectorModel;
  private readonly heuristic: HeuristicExtractor;
  private readonly heuristicOptions: HeuristicExtractorOptions;

  constructor(options: LearnedSelectorOptions) {
    this.model = options.model;
    this.heuristicOptions = {
      ...options.heuristic,
      cache: options.heuristic?.cache ?? new TextAnalysisCache(),
    };
    this.heuristic = new HeuristicExtractor(this.heuristicOptions);
    this.id = `selector@${options.model.version}`;
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    throwIfAborted(options.signal);
    return this.extractSync(options.question, options.evidence);
  }

  extractSync(question: string, evidence: readonly SearchHit[]): Extraction {
    const analysis = analyseCandidates(question, evidence, this.heuristicOptions);
    if (analysis.answerType === 'yes-no' || analysis.candidates.length === 0)
      return this.heuristic.decide(question, evidence, analysis);
    const rows = candidateFeatureRows(analysis, evidence.length);
    const probabilities = candidateProbabilities(this.model, rows);
    let best = 0;
    probabilities.forEach((probability, index) => {
      if (probability > (probabilities[best] ?? 0)) best = index;
    });
    const chosen = analysis.candidates[best];
    if (chosen === undefined) return this.heuristic.decide(question, evidence, analysis);
    const confidence = calibrate(this.model.calibration, probabilities[best] ?? 0);
    return {
      answer: chosen.display,
      confidence: Math.round(confidence * 1000) / 1000,
      evidenceIds: [...chosen.evidenceIds],
      answerType: analysis.answerType,
      resolveThreshold: this.model.resolve.threshold,
    };
  }
}
