import { alternation, femaleTitles, kinWords, maleTitles } from '@rootweaver/language-en';

/** Kinship hints for person answers: which relative a question asks for, and what counts against a name. */

/** The kin fields of a question's profile. */
export interface KinProfile {
  readonly kin?: Kin;
  readonly kinTopic?: KinTopic;
}

export type Kin = 'father' | 'mother' | 'male' | 'female';

export type KinTopic = 'parent' | 'spouse' | 'sibling' | 'child';

/** Titles before a name that tell its sex ("King Charles", not "Mara Quill King"). */
const femaleMarker = new RegExp(`^(?:(?:Grand|Crown)\\s+)?${alternation(femaleTitles)}\\b`);
const maleMarker = new RegExp(`^(?:(?:Grand|Crown)\\s+)?${alternation(maleTitles)}\\b`);

/** A word of the kin nouns that `filter` selects, in a question (case-insensitive, plurals too). */
const kinPattern = (filter: Parameters<typeof kinWords>[0], extra: readonly string[] = []): RegExp =>
  new RegExp(`\\b${alternation([...kinWords(filter), ...extra])}(?:s|ren)?\\b`, 'i');
const topicPatterns: readonly [KinTopic, RegExp][] = [
  ['parent', kinPattern({ topic: 'parent' })],
  ['spouse', kinPattern({ topic: 'spouse' }, ['marry', 'married', 'marriage'])],
  ['sibling', kinPattern({ topic: 'sibling' })],
  ['child', kinPattern({ topic: 'child' })],
];
const malePattern = kinPattern({ sex: 'male' });
const femalePattern = kinPattern({ sex: 'female' });

export function kinTopic(question: string): KinTopic | undefined {
  return topicPatterns.find(([, pattern]) => pattern.test(question))?.[0];
}

/** Whether a pair about one relative cannot answer a question about another (mother for father, spouse for parent). */
export function kinConflict(asked: KinProfile, pair: KinProfile | undefined): boolean {
  if (pair === undefined || asked.kinTopic === undefined || pair.kinTopic === undefined) return false;
  if (asked.kinTopic !== pair.kinTopic) return true;
  return (
    (asked.kin === 'father' && pair.kin === 'mother') || (asked.kin === 'mother' && pair.kin === 'father')
  );
}

/** The kin a question asks for: "Who is the father of X?" → father. */
export function askedKin(question: string): Kin | undefined {
  if (/\bfather\b/i.test(question)) return 'father';
  if (/\bmother\b/i.test(question)) return 'mother';
  if (malePattern.test(question)) return 'male';
  if (femalePattern.test(question)) return 'female';
  return undefined;
}

/**
 * A name's fit to the asked kin: a title of the other sex counts against it, and in
 * "son of A and B" the father is usually named first and the mother second.
 */
export function kinFit(name: string, before: string, kin: Kin | undefined): number {
  if (kin === undefined) return 1;
  const male = kin === 'father' || kin === 'male';
  let fit = 1;
  if (male && femaleMarker.test(name) && !maleMarker.test(name)) fit *= 0.3;
  if (!male && maleMarker.test(name) && !femaleMarker.test(name)) fit *= 0.3;
  const first =
    /\b(?:son|daughter|child)\s+of\s+(?:[\p{Ll}-]+\s+){0,4}$|\bparents\b[^;]{0,80}?\b(?:are|were)\s+$/iu.test(
      before,
    );
  const second =
    /\b(?:son|daughter|child|parents)\b[^;]{3,120}?\s+and\s+(?:his\s+wife\s+|her\s+husband\s+)?$/i.test(
      before,
    );
  if (kin === 'father') fit *= first ? 1.2 : second ? 0.6 : 1;
  if (kin === 'mother') fit *= second ? 1.2 : first ? 0.6 : 1;
  return fit;
}
