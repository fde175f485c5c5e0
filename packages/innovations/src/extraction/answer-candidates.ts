import type { AnswerType } from '@rootweaver/core';
import { alternation, titleNouns } from '@rootweaver/language-en';
import { type CountryMention, findCountries } from './countries.js';
import { findDates, findNumbers } from './dates.js';
import { type Kin, kinFit } from './kinship.js';
import { type OrganisationKind, organisationKind } from './organisation-kind.js';
import { capitalisedChunks, quotedSpans, type TextSpan } from './text.js';
import type { AnalysedText, TextAnalysisCache } from './text-analysis.js';

// The heuristic extractor's candidates: every span of a text that could answer a question of a given
// answer type — dates, numbers, countries, capitalised chunks, quoted titles, the remainder after a copula
// — each with how well its kind and shape fit that type.

export type CandidateKind = 'date' | 'number' | 'country' | 'chunk' | 'quoted' | 'remainder' | 'yes-no';

export interface Candidate {
  readonly text: string;
  readonly kind: CandidateKind;
  /** How well the candidate's kind and shape fit the expected answer type, in [0, 1]. */
  readonly fit: number;
  readonly start: number;
  readonly end: number;
}

const organisationWords =
  /\b(?:University|College|Company|Corporation|Corp|Inc|Ltd|Records|Press|Club|Association|Party|Institute|School|Academy|Society|League|Council|Ministry|Museum|Studios?|Pictures|Films|Publishing|Publications|Group|Foundation|Bank|Agency|Network|Church|Order|Journal|Magazine|Times|News|Federation|Union|Army|Navy|Force|Team|FC|Band)\b/;
const placeCue = /\b(?:in|at|near|from|of|born in|died in|buried in|located in|based in)\s*$/i;
/** Names that are not people's: an initial article, or a place's head word first or last. */
const notPersonName =
  /^(?:The|A|An)\s|\s(?:Series|Cup|Championships?|Games|Prize|Awards?|Trophy|Prix|Tour|Festival|Olympics|City|County|River|Lake|Mountains?|Island|Islands|Street|Avenue|Road|Park|Bay|Valley|Hills?|Beach|Airport|Station|Bridge|Square|Castle|Palace|Cathedral|Church|Stadium|Arena|Hospital|Province|District|Region|Township|Village|Desert|Forest|Sea|Ocean|Harbour|Harbor|Canal|Falls)$|^(?:Lake|Mount|Fort|Port|Cape|Saint-|San|Santa|Los|Las|New)\s/;
const personCue = /\b(?:by|directed by|married|son of|daughter of|wife of|husband of)\s*$/i;
/** Names that belong to people, not places: titles of nobility, regnal numbers. */
const personLike =
  /\b(?:King|Queen|Prince|Princess|Count|Countess|Duke|Duchess|Earl|Lady|Lord|Sir|Emperor|Empress|Pope|Saint(?= [A-Z][a-z]+$)|Archduke|Baron|Marquess)\b|\b[IVX]{1,4}\b(?!\s*(?:Street|Avenue))/;
const titleCue = new RegExp(`\\b${alternation(titleNouns)}\\s*$`, 'i');

/** The quality of a chunk as an answer of the given type. */
function chunkFit(
  chunk: TextSpan,
  /** `findCountries(chunk.text)`. */
  countries: readonly CountryMention[],
  type: AnswerType,
  before: string,
  askedKind?: OrganisationKind,
  kin?: Kin,
): number {
  const words = chunk.text.split(/\s+/).length;
  const isOrganisation = organisationWords.test(chunk.text);
  const isCountry = countries.length > 0 && countries[0]?.text.length === chunk.text.length;
  switch (type) {
    case 'person': {
      if (isCountry || (countries.length > 0 && words === 1)) return 0.05;
      if (isOrganisation) return 0.2;
      // "The Vellmans", "Tern County", "Lake Ostra": a work or a place, not a person.
      if (notPersonName.test(chunk.text)) return 0.15;
      const cue = personCue.test(before) ? 0.1 : 0;
      const base = (words >= 2 ? 0.9 : 0.4) + cue - (countries.length > 0 ? 0.4 : 0);
      return base * kinFit(chunk.text, before, kin);
    }
    case 'place': {
      if (countries.some((country) => country.isDemonym)) return 0;
      if (isOrganisation) return 0.3;
      if (isCountry) return 0.7;
      if (personLike.test(chunk.text)) return 0.1;
      return placeCue.test(before) ? 1 : 0.3;
    }
    case 'organisation': {
      if (isCountry) return 0.2;
      if (/^(?:Inc|Ltd|LLC|Co|Corp|Jr|Sr)\.?$/.test(chunk.text)) return 0.05;
      // "What band …?" is not answered by "Hollywood Records", "Which label …?" is.
      const kind = organisationKind(chunk.text);
      if (askedKind !== undefined && kind === askedKind) return 1;
      // "company" is asked loosely (a university press publishes too); the other kinds are specific.
      if (askedKind !== undefined && askedKind !== 'company' && kind !== undefined) return 0.3;
      return isOrganisation ? 0.9 : 0.55;
    }
    case 'title':
      if (countries.length > 0 && words <= 2) return 0.05;
      return titleCue.test(before) ? 0.85 : 0.65;
    case 'nationality':
    case 'country':
      return isCountry ? 0.9 : 0.1;
    case 'date':
    case 'year':
    case 'number':
      return 0;
    case 'yes-no':
      return 0;
    default:
      // A bare demonym ("American") describes, it rarely answers a question that is not about
      // nationality; nor does a bare country name answer one that does not ask for a place.
      if (isCountry) return 0.2;
      return countries.some((country) => country.isDemonym) && words === 1 ? 0.15 : 0.5;
  }
}

export type DateEvent = 'birth' | 'death' | 'other';

/**
 * Whether a date in a text is the event the question asks about: "born … 1926" is no death date.
 * In "(24 January 1926 – 22 November 2013)" the first date is the birth, the second the death.
 */
function eventFit(text: string, date: TextSpan, event: DateEvent): number {
  if (event === 'other') return 1;
  const before = text.slice(Math.max(0, date.start - 40), date.start).toLowerCase();
  const after = text.slice(date.end, date.end + 6);
  const lastBirth = Math.max(
    before.lastIndexOf('born'),
    before.lastIndexOf('birth'),
    before.search(/\bb\.\s*$/),
  );
  const lastDeath = Math.max(
    before.lastIndexOf('died'),
    before.lastIndexOf('death'),
    before.lastIndexOf('passed away'),
    before.search(/\bd\.\s*$/),
  );
  const rangeStart = /^\s*[–—-]\s*\S/.test(after);
  const rangeEnd = /\d\s*[–—-]\s*$/.test(before);
  const saysBirth = lastBirth > lastDeath || (rangeStart && lastDeath < 0);
  const saysDeath = lastDeath > lastBirth || (rangeEnd && lastBirth < 0);
  if (event === 'birth') return saysDeath ? 0.25 : saysBirth ? 1.15 : 1;
  return saysBirth ? 0.25 : saysDeath ? 1.15 : 1;
}

/** The parts of a chunk joined by "and" / "&", each a capitalised span of its own. */
function splitConjunction(chunk: TextSpan): TextSpan[] {
  const parts: TextSpan[] = [];
  let start = 0;
  for (const match of chunk.text.matchAll(/\s+(?:and|&)\s+/g)) {
    parts.push({
      text: chunk.text.slice(start, match.index),
      start: chunk.start + start,
      end: chunk.start + match.index,
    });
    start = match.index + match[0].length;
  }
  if (parts.length === 0) return [];
  parts.push({ text: chunk.text.slice(start), start: chunk.start + start, end: chunk.end });
  return parts.filter((part) => /^[\p{Lu}\p{N}]/u.test(part.text));
}

/** "X is a French director" → "a French director"; the remainder after a copula or verb of the subject. */
function copulaRemainder(text: string): TextSpan | undefined {
  const match = /\b(?:is|was|are|were|refers to|served as|worked as|became)\s+(?:an?\s+|the\s+)?/i.exec(text);
  if (match === null) return undefined;
  const start = match.index + match[0].length;
  const rest = text.slice(start).replace(/[.!]\s*$/, '');
  if (rest.trim().length === 0) return undefined;
  return { text: rest.trim(), start, end: start + rest.trim().length };
}

/** `findCountries` of a text, kept with the text's analysis. */
function countriesIn(cache: TextAnalysisCache, text: string): readonly CountryMention[] {
  return cache.of(text).remember('countries', () => findCountries(text));
}

/** The candidates of one analysed text for a question of `type` (and the event, kin or kind it asks). */
export function candidatesOf(
  analysed: AnalysedText,
  cache: TextAnalysisCache,
  type: AnswerType,
  asksAge: boolean,
  event: DateEvent,
  askedKind?: OrganisationKind,
  kin?: Kin,
): Candidate[] {
  const { text } = analysed;
  const candidates: Candidate[] = [];
  const trimmed = text.trim();
  if (type === 'yes-no') {
    const match = /^\s*(yes|no)\b/i.exec(trimmed);
    if (match?.[1] !== undefined)
      candidates.push({
        text: match[1].toLowerCase(),
        kind: 'yes-no',
        fit: 1,
        start: 0,
        end: match[1].length,
      });
    return candidates;
  }
  // The spans are the text's whatever the question: found once, kept with its analysis.
  const dates = analysed.remember('dates', () => findDates(text));
  for (const date of dates) {
    let fit = 0;
    if (type === 'date') fit = date.precision === 'day' ? 1 : date.precision === 'month' ? 0.85 : 0.75;
    else if (type === 'year') fit = /^\d+s$/.test(date.text) ? 0.5 : 1;
    else if (type === 'number') fit = asksAge ? 0.9 : 0.25;
    else if (type === 'other') fit = 0.3;
    fit *= eventFit(text, date, event);
    if (fit > 0) {
      const display =
        type === 'year' && !/^\d+s$/.test(date.text)
          ? String(Math.abs(date.year)) + (date.year < 0 ? ' BC' : '')
          : date.text;
      candidates.push({ text: display, kind: 'date', fit, start: date.start, end: date.end });
    }
  }
  if (type === 'number' || type === 'other') {
    for (const number of analysed.remember('numbers', () => findNumbers(text))) {
      if (dates.some((date) => number.start < date.end && number.end > date.start)) continue;
      candidates.push({
        text: number.text,
        kind: 'number',
        fit: type === 'number' ? (asksAge ? 0.5 : 1) : 0.3,
        start: number.start,
        end: number.end,
      });
    }
  }
  if (type === 'nationality' || type === 'country' || type === 'place' || type === 'other') {
    for (const mention of countriesIn(cache, text)) {
      let display = mention.text;
      let fit = 0.2;
      if (type === 'country') {
        display = mention.country;
        fit = 1;
      } else if (type === 'nationality') {
        fit = mention.isDemonym ? 1 : 0.9;
      } else if (type === 'place') {
        fit = mention.isDemonym ? 0 : 0.65;
      }
      if (fit > 0)
        candidates.push({ text: display, kind: 'country', fit, start: mention.start, end: mention.end });
    }
  }
  if (type !== 'date' && type !== 'year' && type !== 'number') {
    for (const whole of analysed.remember('chunks', () => capitalisedChunks(text))) {
      if (dates.some((date) => whole.start < date.end && whole.end > date.start)) continue;
      // "Queen Mira and King Odo" is two people; "Salt and Ember" may be one title: offer both readings.
      // Where one value is asked (a person, a place) the whole counts half; otherwise it comes first and
      // wins a tie with its parts.
      const parts = splitConjunction(whole);
      const single = type === 'person' || type === 'place' || type === 'nationality' || type === 'country';
      for (const chunk of parts.length > 1 ? [whole, ...parts] : [whole]) {
        const reading = single && parts.length > 1 && chunk === whole ? 0.5 : 1;
        const fit =
          reading *
          chunkFit(
            chunk,
            countriesIn(cache, chunk.text),
            type,
            text.slice(Math.max(0, chunk.start - 100), chunk.start),
            askedKind,
            kin,
          ) *
          (type === 'place' ? eventFit(text, chunk, event) : 1);
        if (fit > 0) candidates.push({ ...chunk, kind: 'chunk', fit });
      }
    }
    for (const quoted of analysed.remember('quoted', () => quotedSpans(text))) {
      const fit = type === 'title' ? 1 : type === 'other' ? 0.5 : 0.4;
      candidates.push({ ...quoted, kind: 'quoted', fit });
    }
  }
  if (type === 'other') {
    const remainder = copulaRemainder(text);
    if (remainder !== undefined && remainder.text.split(/\s+/).length <= 8) {
      candidates.push({ ...remainder, kind: 'remainder', fit: 0.7 });
    }
  }
  return candidates;
}
