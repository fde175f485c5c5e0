import type { AnswerExtractor, Extraction, ExtractOptions } from '@rootweaver/core';
import { inferAnswerType } from './answer-type.js';

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
