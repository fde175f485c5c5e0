import { stemmer } from 'stemmer';
import { verbOfAgent } from './lexicon/agents.js';

/**
 * Words that mean the same relation but share no suffix-stripped stem: irregular forms ("wrote",
 * "sung"), nouns of an event ("death", "birth", "burial", "victory") and synonyms questions use for
 * one another ("wife" / "spouse", "portrayed" / "played").
 */
const wordFamilies: Readonly<Record<string, readonly string[]>> = {
  die: ['died', 'dies', 'dying', 'death', 'dead'],
  born: ['birth', 'birthday', 'birthplace'],
  write: ['wrote', 'written'],
  sing: ['sang', 'sung'],
  marry: ['married', 'marriage'],
  spouse: ['wife', 'husband'],
  bury: ['buried', 'burial'],
  win: ['wins', 'won', 'winning', 'victory', 'victories'],
  play: ['plays', 'played', 'playing', 'portray', 'portrays', 'portrayed', 'portraying'],
};

const familyOf = new Map<string, string>();
for (const [head, members] of Object.entries(wordFamilies))
  for (const member of members) familyOf.set(member, head);

/**
 * The one stemmer: a word's family head when the lexicon knows it (irregular forms, agent nouns —
 * "director" → "direct" —, synonyms), then Porter's stemmer, so "directed", "director" and
 * "directors" meet. Lower-cases its input.
 */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  const head =
    familyOf.get(lower) ?? verbOfAgent.get(lower) ?? verbOfAgent.get(lower.replace(/s$/u, '')) ?? lower;
  return stemmer(head);
}
