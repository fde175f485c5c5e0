import type { TokenUsage } from '@rootweaver/core';
import type { Annotation, AnnotationMode } from '../annotation/annotate-entities.js';
import type { Passage } from '../corpus/document.js';

/** One atomic fact as a question and an answer taken verbatim from the passage. */
export interface GeneratedPair {
  readonly question: string;
  readonly answer: string;
  /** The passage sentence the pair was made from, when known. */
  readonly sentence?: string;
  /** Which rule (or `llm`) produced it. */
  readonly rule?: string;
}

export interface GenerateQaOptions {
  readonly passage: Passage;
  readonly annotation: Annotation;
  readonly signal?: AbortSignal;
}

export interface GenerateQaResult {
  readonly pairs: GeneratedPair[];
  readonly usage?: TokenUsage;
  /** LLM calls made, retries included. */
  readonly calls?: number;
}

/**
 * How a worker thread makes an equal generator, for generators that are pure functions of a
 * passage (no I/O, no state): `index build` then annotates and generates on every core.
 */
export type GeneratorRecipe = { readonly kind: 'rules'; readonly disabledFamilies?: readonly string[] };

/** Turns one annotated passage into atomic QA pairs. */
export interface QaGenerator {
  /** Recorded in the manifest, e.g. `rules@4` or `llm:gpt-4o-mini@1`. */
  readonly id: string;
  /** How thoroughly passages are annotated before generation. */
  readonly annotationMode: AnnotationMode;
  generate(options: GenerateQaOptions): Promise<GenerateQaResult>;
  /** Set when worker threads can make the same generator (see `GeneratorRecipe`). */
  readonly workerRecipe?: GeneratorRecipe;
}
