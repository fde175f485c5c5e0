import type { SentenceContext } from './sentence-context.js';

/** An invented sentence and pairs the family must make from it: the family's tests. */
export interface RuleExample {
  /** The passage's title (the entity pronouns and "the film" stand for). */
  readonly title: string;
  readonly sentence: string;
  /** [question, answer] pairs the family makes from the sentence (others may come too). */
  readonly pairs: readonly (readonly [string, string])[];
}

/**
 * One relation family of the rule-based generator (today only works; ADR-0020 deleted the rest):
 * `cue` is a cheap test a sentence must pass before `toPairs` runs (none: always runs), `pattern`
 * the family's main pattern (for reading and reports), `toPairs` adds the family's pairs to the
 * sentence context, `examples` are its tests.
 */
export interface RelationFamily {
  readonly id: string;
  readonly description: string;
  readonly cue?: RegExp;
  readonly pattern: RegExp;
  readonly toPairs: (context: SentenceContext) => void;
  readonly examples: readonly RuleExample[];
}
