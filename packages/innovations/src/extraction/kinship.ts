/** Kinship hints for person answers: which relative a question asks for, and what counts against a name. */

/** The kin fields of a question's profile. */
export interface KinProfile {
  readonly kin?: Kin;
  readonly kinTopic?: KinTopic;
}

export type Kin = 'father' | 'mother' | 'male' | 'female';

/** Titles before a name that tell its sex ("King Charles", not "Coretta Scott King"). */
const femaleMarker =
  /^(?:(?:Grand|Crown)\s+)?(?:Queen|Princess|Duchess|Countess|Lady|Archduchess|Empress|Mrs|Madame|Baroness|Marchioness|Infanta|Dame|Mother|Sister)\b/;
const maleMarker =
  /^(?:(?:Grand|Crown)\s+)?(?:King|Prince|Duke|Count|Lord|Sir|Archduke|Emperor|Mr|Baron|Marquess|Earl|Infante|Father|Brother)\b/;

export type KinTopic = 'parent' | 'spouse' | 'sibling' | 'child';

export function kinTopic(question: string): KinTopic | undefined {
  if (/\b(?:father|mother|parents?)\b/i.test(question)) return 'parent';
  if (/\b(?:husband|wife|spouse|marr(?:y|ied|iage))\b/i.test(question)) return 'spouse';
  if (/\b(?:brother|sister|siblings?)\b/i.test(question)) return 'sibling';
  if (/\b(?:son|daughter|child|children)\b/i.test(question)) return 'child';
  return undefined;
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
  if (/\b(?:husband|son|brother|grandfather|uncle|nephew)\b/i.test(question)) return 'male';
  if (/\b(?:wife|daughter|sister|grandmother|aunt|niece)\b/i.test(question)) return 'female';
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
    /\b(?:son|daughter|child|parents)\b[^;]{3,120}?\s+and\s+(?:his\s+(?:wife|mistress)\s+|her\s+husband\s+)?$/i.test(
      before,
    );
  if (kin === 'father') fit *= first ? 1.2 : second ? 0.6 : 1;
  if (kin === 'mother') fit *= second ? 1.2 : first ? 0.6 : 1;
  return fit;
}
