import {
  agentVerbs,
  alternation,
  creatorNouns,
  nameConnectors,
  placePartNouns,
} from '@rootweaver/language-en';
import { dateSource } from '../../annotation/annotate-entities.js';

/** RegExp sources the relation families share: dates, names, lists of names, places, clause ends. */
export const date = `(?:${dateSource})`;
export const nameWord = "(?:[\\p{Lu}][\\p{L}\\p{M}\\d'’.\\-]*|\\d+(?:st|nd|rd|th)?)";
const nameConnector = alternation(nameConnectors.filter((word) => /^\p{Ll}+$/u.test(word)));
export const name = `${nameWord}(?:\\s+(?:${nameConnector}\\s+)*${nameWord})*`;
export const names = `${name}(?:(?:,\\s+|\\s+and\\s+|,\\s+and\\s+|\\s+&\\s+)${name})*`;
export const clauseEnd = String.raw`(?=\s*(?:[.;:()\[\]]|,\s+(?:\p{Ll}|\d)|\s+(?:which|who|whose|where|that|while|but|whereas|although|since|after|before|until|when|as|and\s+(?:is|was|has|had|were|are))\b|$))`;
export const placePart = alternation(placePartNouns);
export const place = `(?:the\\s+)?${names}(?:\\s+${placePart}\\s+of\\s+(?:the\\s+)?${names})?`;
/** "the French filmmaker", "the Veltrian rock band": a maker's descriptor before its name. */
export const descriptor = `(?:(?:[\\p{Lu}][\\p{L}\\-]+\\s+)?(?:[\\p{Ll}\\-]+\\s+){0,3}?${alternation(creatorNouns)}\\s+)?`;

/** "directed by", "written by", "owned by": participle → the verb a question about the agent asks with. */
export const byVerbs: Readonly<Record<string, string>> = Object.fromEntries(
  agentVerbs.map((verb) => [verb.participle, verb.question ?? verb.past]),
);
export const byVerbAlternation = alternation(Object.keys(byVerbs));

export const startsWithDate = new RegExp(`^${date}`, 'u');
export const relativeClause =
  /\b(?:who|which|that|whose|whom|where|when|while|after|before|because|although|if)\b|[;:]/u;
