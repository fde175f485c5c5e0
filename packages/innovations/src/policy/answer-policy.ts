import type { NodeTrace, Plan } from '@rootweaver/core';
import { type AnsweringNodeOptions, answeringNode } from '../composition/answering-node.js';
import { type ComposeAnswerOptions, type Composition, composeAnswer } from '../composition/compose-answer.js';
import {
  type ComposeFallbackAnswerOptions,
  composeFallbackAnswer,
  type FallbackAnswer,
} from '../composition/compose-fallback-answer.js';
import {
  type ConformAnswerOptions,
  type ConformedAnswer,
  conformAnswer,
} from '../composition/conform-answer.js';
import {
  type GroundingResult,
  type GroundQuestionOptions,
  groundQuestion,
} from '../grounding/ground-question.js';
import { decomposeByRules } from '../rule-decomposer/decompose-by-rules.js';

/**
 * Every LLM-free judgement the planners make about questions and answers, in one injectable object
 * (`MultiHopRAG`'s `answerPolicy` option). Planners call these and nothing else from grounding,
 * composition or the rule decomposer, so a test or an experiment can swap any one of them and the
 * engine stays the same. `defaultAnswerPolicy` holds this package's rules.
 */
export interface AnswerPolicy {
  /** A dependent sub-question with its parents' answers put in (default `groundQuestion`). */
  readonly ground: (options: GroundQuestionOptions) => GroundingResult;
  /**
   * The final answer built from the node answers when the question's form allows it, so the
   * synthesis call can be skipped; a refusal says why not (default `composeAnswer`).
   */
  readonly compose: (options: ComposeAnswerOptions) => Composition;
  /**
   * An answer in the question's form (one of two named options, yes or no) when composition refused
   * and no synthesis call can be made; undefined for other forms (default `composeFallbackAnswer`).
   */
  readonly fallback: (options: ComposeFallbackAnswerOptions) => FallbackAnswer | undefined;
  /** An answer put in the terms of the user's question, inventing nothing (default `conformAnswer`). */
  readonly conform: (options: ConformAnswerOptions) => ConformedAnswer;
  /** The node whose answer answers the question when nothing composed (default `answeringNode`). */
  readonly answeringNode: (options: AnsweringNodeOptions) => NodeTrace | undefined;
  /** A plan made without an LLM (default `decomposeByRules`). */
  readonly decompose: (question: string) => Plan;
}

/** This package's rules (ADR-0004). */
export const defaultAnswerPolicy: AnswerPolicy = {
  ground: groundQuestion,
  compose: composeAnswer,
  fallback: composeFallbackAnswer,
  conform: conformAnswer,
  answeringNode,
  decompose: decomposeByRules,
};
