import type { AnswerType, NameKind, NameKindModel } from '@rootweaver/core';
import { alternation, measureUnits, titleNouns } from '@rootweaver/language-en';
import { type CountryMention, findCountries } from './countries.js';
import { findDates, findNumbers } from './dates.js';
import { capitalisedChunks, quotedSpans, type TextSpan, titleChunks } from './text.js';
import type { AnalysedText, TextAnalysisCache } from './text-analysis.js';
import { typeFit } from './type-fit.js';

// The heuristic extractor's candidates: every span of a text that could answer a question of a given
// answer type — dates, numbers, countries, capitalised chunks, quoted titles —
// each with how well its kind and shape fit that type.

export interface Candidate {
  readonly text: string;
  /** How well the candidate's kind and shape fit the expected answer type, in [0, 1]. */
  readonly fit: number;
  readonly start: number;
  readonly end: number;
}

const organisationWords =
  /\b(?:University|College|Company|Corporation|Corp|Inc|Ltd|Records|Press|Club|Association|Party|Institute|School|Academy|Society|League|Council|Ministry|Museum|Studios?|Pictures|Films|Publishing|Publications|Group|Foundation|Bank|Agency|Network|Church|Order|Journal|Magazine|Times|News|Federation|Union|Army|Navy|Force|Team|FC|Band)\b/;
const placeCue = /\b(?:in|at|near|from|of|born in|died in|buried in|located in|based in)\s*$/i;
const personCue = /\b(?:by|directed by|married|son of|daughter of|wife of|husband of)\s*$/i;
const titleCue = new RegExp(`\\b${alternation(titleNouns)}\\s*$`, 'i');
/** A unit of measure right after a number ("90 *seconds*"), longest first ("nautical miles" before "miles"). */
const unitAfterNumber = new RegExp(`^\\s+(?:${alternation(measureUnits)})(?![\\p{L}/])`, 'u');

/** The quality of a chunk as an answer of the given type. */
function chunkFit(
  chunk: TextSpan,
  /** `findCountries(chunk.text)`. */
  countries: readonly CountryMention[],
  type: AnswerType,
  before: string,
): number {
  const words = chunk.text.split(/\s+/).length;
  const isOrganisation = organisationWords.test(chunk.text);
  const isCountry = countries.length > 0 && countries[0]?.text.length === chunk.text.length;
  switch (type) {
    case 'person': {
      const fit = typeFit.person;
      if (isCountry || (countries.length > 0 && words === 1)) return fit.country;
      if (isOrganisation) return fit.organisation;
      const cue = personCue.test(before) ? fit.cue : 0;
      return (
        (words >= 2 ? fit.fullName : fit.singleWord) + cue - (countries.length > 0 ? fit.holdsCountry : 0)
      );
    }
    case 'place': {
      if (countries.some((country) => country.isDemonym)) return 0;
      if (isOrganisation) return typeFit.place.organisation;
      if (isCountry) return typeFit.place.country;
      return placeCue.test(before) ? typeFit.place.afterPlaceCue : typeFit.place.otherName;
    }
    case 'organisation': {
      if (isCountry) return typeFit.organisation.country;
      if (/^(?:Inc|Ltd|LLC|Co|Corp|Jr|Sr)\.?$/.test(chunk.text)) return typeFit.organisation.suffixAlone;
      return isOrganisation ? typeFit.organisation.organisationName : typeFit.organisation.otherName;
    }
    case 'title':
      if (countries.length > 0 && words <= 2) return typeFit.title.country;
      return titleCue.test(before) ? typeFit.title.afterTitleCue : typeFit.title.otherName;
    case 'nationality':
    case 'country':
      return isCountry ? typeFit.nationality.countryChunk : typeFit.nationality.otherName;
    case 'date':
    case 'year':
    case 'number':
      return 0;
    case 'yes-no':
      return 0;
    default:
      // A bare demonym ("American") describes, it rarely answers a question that is not about
      // nationality; nor does a bare country name answer one that does not ask for a place.
      if (isCountry) return typeFit.other.country;
      return countries.some((country) => country.isDemonym) && words === 1
        ? typeFit.other.demonym
        : typeFit.other.name;
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
  const { saidEvent, otherEvent } = typeFit.event;
  if (event === 'birth') return saysDeath ? otherEvent : saysBirth ? saidEvent : 1;
  return saysBirth ? otherEvent : saysDeath ? saidEvent : 1;
}

/** `findCountries` of a text, kept with the text's analysis. */
function countriesIn(cache: TextAnalysisCache, text: string): readonly CountryMention[] {
  return cache.of(text).remember('countries', () => findCountries(text));
}

/**
 * The answer types a `NameKindModel` weighs a name for: a person only. Weighing places, organisations
 * and titles too lost more questions than it won on the extraction set's `valid` questions (ADR-0021).
 */
const kindOfType: Partial<Record<AnswerType, NameKind>> = { person: 'person' };

/**
 * How well a name's kind, as `nameKinds` reads it, agrees with the kind asked: the asked kind's
 * probability over the likeliest kind's — 1 when the asked kind is the likeliest (or the model cannot
 * tell), lower the likelier another kind. Nothing to choose: a ratio of the model's own probabilities.
 */
export function kindAgreement(name: string, type: AnswerType, nameKinds: NameKindModel | undefined): number {
  const asked = kindOfType[type];
  if (nameKinds === undefined || asked === undefined) return 1;
  const kinds = nameKinds.kindsOf(name);
  const likeliest = Math.max(kinds.person, kinds.place, kinds.organisation, kinds.title);
  return likeliest > 0 ? kinds[asked] / likeliest : 1;
}

/** The candidates of one analysed text for a question of `type` (and the event it asks about). */
export function candidatesOf(
  analysed: AnalysedText,
  cache: TextAnalysisCache,
  type: AnswerType,
  asksAge: boolean,
  event: DateEvent,
  /** Weighs each capitalised name by `kindAgreement` when given. */
  nameKinds?: NameKindModel,
): Candidate[] {
  const { text } = analysed;
  const candidates: Candidate[] = [];
  const trimmed = text.trim();
  if (type === 'yes-no') {
    const match = /^\s*(yes|no)\b/i.exec(trimmed);
    if (match?.[1] !== undefined)
      candidates.push({
        text: match[1].toLowerCase(),
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
    if (type === 'date') fit = typeFit.date[date.precision];
    else if (type === 'year') fit = /^\d+s$/.test(date.text) ? typeFit.year.decade : typeFit.year.yearOfDate;
    else if (type === 'number') fit = asksAge ? typeFit.number.dateForAge : typeFit.number.dateForCount;
    else if (type === 'other') fit = typeFit.other.dateOrNumber;
    fit *= eventFit(text, date, event);
    if (fit > 0) {
      const display =
        type === 'year' && !/^\d+s$/.test(date.text)
          ? String(Math.abs(date.year)) + (date.year < 0 ? ' BC' : '')
          : date.text;
      candidates.push({ text: display, fit, start: date.start, end: date.end });
    }
  }
  if (type === 'number' || type === 'other') {
    for (const number of analysed.remember('numbers', () => findNumbers(text))) {
      if (dates.some((date) => number.start < date.end && number.end > date.start)) continue;
      const fit =
        type === 'number'
          ? asksAge
            ? typeFit.number.numberForAge
            : typeFit.number.number
          : typeFit.other.dateOrNumber;
      // "90 seconds" as well as "90", first so that it wins a tie: a question that already names the unit
      // ("How many seconds …?") makes the longer reading repeat it, and the overlap rule prefers the bare one.
      const unit = unitAfterNumber.exec(text.slice(number.end))?.[0];
      if (unit !== undefined) {
        const end = number.end + unit.length;
        candidates.push({
          text: text.slice(number.start, end),
          fit,
          start: number.start,
          end,
        });
      }
      candidates.push({
        text: number.text,
        fit,
        start: number.start,
        end: number.end,
      });
    }
  }
  if (type === 'nationality' || type === 'country' || type === 'place' || type === 'other') {
    for (const mention of countriesIn(cache, text)) {
      let display = mention.text;
      let fit: number = typeFit.other.country;
      if (type === 'country') {
        display = mention.country;
        fit = typeFit.nationality.countryAsked;
      } else if (type === 'nationality') {
        fit = mention.isDemonym ? typeFit.nationality.demonym : typeFit.nationality.countryName;
      } else if (type === 'place') {
        fit = mention.isDemonym ? 0 : typeFit.place.countryMention;
      }
      if (fit > 0) candidates.push({ text: display, fit, start: mention.start, end: mention.end });
    }
  }
  if (type !== 'date' && type !== 'year' && type !== 'number') {
    const chunks = analysed.remember('chunks', () => capitalisedChunks(text));
    // A title asked: the titles the chunks cut at "with", "on a" … come first, so that on a tie the whole
    // title is the answer rather than its first words.
    const titles = type === 'title' ? analysed.remember('title-chunks', () => titleChunks(text, chunks)) : [];
    for (const chunk of [...titles, ...chunks]) {
      if (dates.some((date) => chunk.start < date.end && chunk.end > date.start)) continue;
      const before = text.slice(Math.max(0, chunk.start - 100), chunk.start);
      const fit =
        chunkFit(chunk, countriesIn(cache, chunk.text), type, before) *
        (type === 'place' ? eventFit(text, chunk, event) : 1) *
        kindAgreement(chunk.text, type, nameKinds);
      if (fit > 0) candidates.push({ ...chunk, fit });
    }
    for (const quoted of analysed.remember('quoted', () => quotedSpans(text))) {
      const fit =
        type === 'title'
          ? typeFit.title.quoted
          : type === 'other'
            ? typeFit.other.quoted
            : typeFit.quotedForOtherTypes;
      candidates.push({ ...quoted, fit });
    }
  }
  return candidates;
}
