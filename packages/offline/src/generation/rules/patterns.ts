import { alternation, creatorNouns, nameConnectors } from '@rootweaver/language-en';
import { dateSource } from '../../annotation/annotate-entities.js';

/** RegExp sources the relation families share: dates, names, lists of names, a maker's descriptor. */
export const date = `(?:${dateSource})`;
const nameWord = "(?:[\\p{Lu}][\\p{L}\\p{M}\\d'’.\\-]*|\\d+(?:st|nd|rd|th)?)";
const nameConnector = alternation(nameConnectors.filter((word) => /^\p{Ll}+$/u.test(word)));
const name = `${nameWord}(?:\\s+(?:${nameConnector}\\s+)*${nameWord})*`;
export const names = `${name}(?:(?:,\\s+|\\s+and\\s+|,\\s+and\\s+|\\s+&\\s+)${name})*`;
/** "the French filmmaker", "the Veltrian rock band": a maker's descriptor before its name. */
export const descriptor = `(?:(?:[\\p{Lu}][\\p{L}\\-]+\\s+)?(?:[\\p{Ll}\\-]+\\s+){0,3}?${alternation(creatorNouns)}\\s+)?`;
