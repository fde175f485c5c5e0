import type { AnswerExtractor, Extraction, ExtractOptions, NameKindModel } from '@rootweaver/core';
import { inferAnswerType } from './answer-type.js';
import { HeuristicExtractor } from './heuristic-extractor.js';

/** `extractor_scope`: which sub-questions a configured extractor answers. */
export type ExtractorScope = 'untyped' | 'all';

/**
 * Whether the engine hands a configured extractor only the untyped sub-questions and the heuristic the
 * typed ones: under `untyped`, for any extractor but the heuristic itself. The one decision `MultiHopRAG`
 * builds its extractor by and reports name it by.
 */
export function routesTypedQuestions(
  configured: AnswerExtractor | undefined,
  scope: ExtractorScope,
): boolean {
  return configured !== undefined && !(configured instanceof HeuristicExtractor) && scope === 'untyped';
}

/**
 * The id of the extractor the engine answers with, given the configured one (none: the heuristic) and
 * the name-kind model the engine's own heuristic weighs names by, if any.
 */
export function answeringExtractorId(
  configured: AnswerExtractor | undefined,
  scope: ExtractorScope,
  nameKinds?: NameKindModel,
): string {
  const heuristicId = nameKinds === undefined ? 'heuristic' : `heuristic(${nameKinds.id})`;
  if (configured === undefined) return heuristicId;
  return routesTypedQuestions(configured, scope)
    ? AnswerTypeRouter.idOf(heuristicId, configured.id)
    : configured.id;
}

export interface AnswerTypeRouterOptions {
  /** Answers a question whose answer type is known (a person, a place, a date, a number …). */
  readonly typed: AnswerExtractor;
  /** Answers a question of no known answer type ("What kind of …?", "What did … receive?"). */
  readonly untyped: AnswerExtractor;
}

/**
 * One extractor over two, chosen by the question's answer type (`inferAnswerType`): the heuristic
 * extractor proposes names, dates, numbers and quoted titles only, so a question that asks for none
 * of those ("other") goes to an extractor that reads every span — the trained reader — and every
 * other question to the one that knows its type (ADR-0019's revision of stop 43).
 */
export class AnswerTypeRouter implements AnswerExtractor {
  readonly id: string;
  readonly #typed: AnswerExtractor;
  readonly #untyped: AnswerExtractor;

  constructor(options: AnswerTypeRouterOptions) {
    this.#typed = options.typed;
    this.#untyped = options.untyped;
    this.id = AnswerTypeRouter.idOf(options.typed.id, options.untyped.id);
  }

  /** The id of a router over extractors of these ids (for reports that name the engine's extractor). */
  static idOf(typedId: string, untypedId: string): string {
    return `answer-type-router(${typedId}, ${untypedId})`;
  }

  /** The extractor that answers `question`. */
  extractorFor(question: string): AnswerExtractor {
    return inferAnswerType(question) === 'other' ? this.#untyped : this.#typed;
  }

  extract(options: ExtractOptions): Promise<Extraction> {
    return this.extractorFor(options.question).extract(options);
  }
}
