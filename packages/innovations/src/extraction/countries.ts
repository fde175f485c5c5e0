import { type CountryEntry, countries } from '@rootweaver/language-en';
import { escapeRegExp, normaliseAnswer } from './text.js';

// Country and demonym mentions in a text, read with the English gazetteer (`countries`, language-en).

/** The gazetteer's names as written, found in a text; a leading article is not part of the name ("Netherlands"). */
const writtenNames = new Set<string>();
/** Every name, alias and demonym by its `normaliseAnswer` form: the answer path's one normaliser. */
const byName = new Map<string, CountryEntry>();
for (const entry of countries) {
  for (const name of [entry.country, ...(entry.aliases ?? []), ...entry.demonyms]) {
    byName.set(normaliseAnswer(name), entry);
    writtenNames.add(name.replace(/^the\s+/i, ''));
  }
}

const longestFirst = [...writtenNames].sort((left, right) => right.length - left.length);
const mentionPattern = new RegExp(
  `(?<![\\p{L}])(${longestFirst.map((name) => escapeRegExp(name).replace(/\s+/g, '\\s+')).join('|')})(?![\\p{L}])`,
  'giu',
);

export interface CountryMention {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly country: string;
  readonly demonym: string;
  /** True when the text used the demonym ("French"), false for the country's name ("France"). */
  readonly isDemonym: boolean;
}

/** Country and demonym mentions in a text, case-sensitive on the first letter ("us" is not "US"). */
export function findCountries(text: string): CountryMention[] {
  const mentions: CountryMention[] = [];
  for (const match of text.matchAll(mentionPattern)) {
    const raw = match[0];
    if (!/^\p{Lu}/u.test(raw)) continue;
    if (raw === 'US' && /\bus\b/.test(raw)) continue;
    const key = normaliseAnswer(raw);
    const entry = byName.get(key);
    if (entry === undefined) continue;
    const isDemonym = entry.demonyms.some((demonym) => normaliseAnswer(demonym) === key);
    mentions.push({
      text: raw,
      start: match.index,
      end: match.index + raw.length,
      country: entry.country,
      demonym: entry.demonyms[0] ?? entry.country,
      isDemonym,
    });
  }
  return mentions;
}

/** The country a name, alias or demonym stands for ("American" → "United States"), else undefined. */
export function countryOf(text: string): string | undefined {
  const direct = byName.get(normaliseAnswer(text));
  if (direct !== undefined) return direct.country;
  const mentions = findCountries(text);
  return mentions.at(-1)?.country;
}

/** The present-day country a country belongs to ("England" → "United Kingdom"). */
export function regionOf(country: string): string {
  return byName.get(normaliseAnswer(country))?.region ?? country;
}
