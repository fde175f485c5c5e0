/** The kinds of name a `NameKindModel` tells apart: the answer types a capitalised name can be. */
export type NameKind = 'person' | 'place' | 'organisation' | 'title';

/** The names of `NameKind`, in the order a model's probabilities are given. */
export const nameKinds: readonly NameKind[] = ['person', 'place', 'organisation', 'title'];

/**
 * What kind of thing a name most likely names ("Ines Marlow" a person, "Orlen Bay" a place), read from
 * the name alone — a model trained on answers of questions that asked for each kind. The heuristic
 * extractor weighs a capitalised candidate by it when a question asks for one of these kinds.
 */
export interface NameKindModel {
  /** Names the model and its weights (it keys the extractor's cached candidates). */
  readonly id: string;
  /** One probability per kind, summing to 1; equal shares when the model knows none of the name's words. */
  kindsOf(name: string): Readonly<Record<NameKind, number>>;
}
