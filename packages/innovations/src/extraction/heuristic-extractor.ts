import type { AnswerExtractor, AnswerType, Extraction, ExtractOptions, SearchHit } from '@rootweaver/core';
import { throwIfAborted } from '@rootweaver/core';
import { alternation, titleNouns, workNouns } from '@rootweaver/language-en';
import { inferAnswerType } from './answer-type.js';
import { askedHeadNoun, namesAskedNoun } from './asked-noun.js';
import { type CountryMention, findCountries } from './countries.js';
import { findDates, findNumbers } from './dates.js';
import { askedKin, type Kin, type KinTopic, kinConflict, kinFit, kinTopic } from './kinship.js';
import { askedOrganisationKind, type OrganisationKind, organisationKind } from './organisation-kind.js';
import {
  capitalisedChunks,
  contentTokens,
  normaliseAnswer,
  quotedSpans,
  stem,
  stopWords,
  type TextSpan,
  wordTokens,
} from './text.js';
import { type AnalysedText, TextAnalysisCache } from './text-analysis.js';
import { attributeVerdict } from './yes-no-attribute.js';

export { inferAnswerType } from './answer-type.js';

/**
 * What an agreeing pair adds to an answer: the best pair counts fully, every other pair that gives the
 * same answer a third of its own score, so that a word every pair of one document repeats does not
 * outvote the one pair that answers. A round default, not chosen on evaluation results.
 */
const AGREEMENT_WEIGHT = 0.35;
/**
 * Weight of a passage sentence relative to a pair's own answer: a passage was not written to answer
 * the pair's question, so its spans are weaker evidence. 0.6 is the default the extractor had before
 * a search over dev-set results moved it to 0.7 (removed for issue 24); it is not tuned.
 */
const PASSAGE_WEIGHT = 0.6;
/**
 * How much a span counts in a pair's answer when the pair's own question already names it: it is the
 * pair's subject, not what the pair answers.
 */
const SUBJECT_FACTOR = 0.3;

type CandidateKind = 'date' | 'number' | 'country' | 'chunk' | 'quoted' | 'remainder' | 'yes-no';

interface Candidate {
  readonly text: string;
  readonly kind: CandidateKind;
  /** How well the candidate's kind and shape fit the expected answer type, in [0, 1]. */
  readonly fit: number;
  readonly start: number;
  readonly end: number;
}

interface Source {
  readonly text: string;
  readonly analysed: AnalysedText;
  /** 1 for a pair's answer or a text hit's own sentence, less for the pair's passage. */
  readonly weight: number;
  /** The profile of the pair's own question, for a pair's answer. */
  readonly pairQuestion?: QuestionProfile;
  /** The pair's question describes its answer as a work ("What is a 1995 film directed by X?"). */
  readonly answersWork?: boolean;
  /** The text is a pair's answer. */
  readonly fromAnswer?: boolean;
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
const describesWork = new RegExp(
  `^\\s*(?:who|what)\\s+(?:is|was|are|were)\\s+(?:an?|the)\\s+[^?]*?\\b${alternation(workNouns)}\\b`,
  'i',
);
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

type DateEvent = 'birth' | 'death' | 'other';

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

function candidatesOf(
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

interface Relevance {
  /** The mean of the entity and relation coverages, in [0, 1]. */
  readonly score: number;
  /** Share of the question's entity words the source's context holds. */
  readonly entityCoverage: number;
  /** Share of the question's relation stems the source holds. */
  readonly relationCoverage: number;
}

interface QuestionProfile {
  readonly type: AnswerType;
  readonly allTokens: ReadonlySet<string>;
  readonly entityTokens: readonly string[];
  readonly relationStems: readonly string[];
  /** "What is the age of X?": a birth date answers it better than a stray number. */
  readonly asksAge: boolean;
  readonly event: DateEvent;
  readonly organisationKind?: OrganisationKind;
  readonly kin?: Kin;
  readonly kinTopic?: KinTopic;
  /** "In which county …?": the stem of the noun asked for by name. */
  readonly headNoun?: string;
  /** The last words of the names the question mentions (family names, for questions about relatives). */
  readonly familyNames: ReadonlySet<string>;
}

function profile(question: string): QuestionProfile {
  const type = inferAnswerType(question);
  const entityTokens = new Set<string>();
  for (const span of [...capitalisedChunks(question), ...quotedSpans(question)]) {
    for (const token of wordTokens(span.text)) {
      if (!stopWords.has(token)) entityTokens.add(token);
    }
  }
  const asked = contentTokens(question)
    .filter((token) => !entityTokens.has(token))
    .map(stem);
  // A father or mother is named where the parents or the child are ("daughter of A and B").
  const kinWords = /\b(?:father|mother)\b/i.test(question)
    ? ['parents', 'daughter', 'son', 'child'].map(stem)
    : [];
  const relationStems = [...new Set([...asked, ...kinWords])];
  const organisationKind = type === 'organisation' ? askedOrganisationKind(question) : undefined;
  const kin = askedKin(question);
  const topic = kinTopic(question);
  const headNoun = askedHeadNoun(question);
  const familyNames = new Set(
    capitalisedChunks(question).flatMap((chunk) => {
      const words = wordTokens(chunk.text);
      return words.length >= 2 ? [words.at(-1) ?? ''] : [];
    }),
  );
  return {
    ...(headNoun === undefined ? {} : { headNoun }),
    familyNames,
    type,
    allTokens: new Set(wordTokens(question)),
    entityTokens: [...entityTokens],
    relationStems,
    asksAge: /\bage\b|\bhow old\b/i.test(question),
    ...(organisationKind === undefined ? {} : { organisationKind }),
    ...(kin === undefined ? {} : { kin }),
    ...(topic === undefined ? {} : { kinTopic: topic }),
    event: /\b(?:born|birth|birthday|age|old)\b/i.test(question)
      ? 'birth'
      : /\b(?:die|died|death|dead|pass(?:ed)? away)\b/i.test(question)
        ? 'death'
        : 'other',
  };
}

/**
 * How well a source text (with its pair's title and question) is about the question's entity and
 * relation: one score ranks the candidates and enters their confidence.
 */
function relevanceOf(
  context: readonly AnalysedText[],
  relationTexts: readonly AnalysedText[],
  question: QuestionProfile,
): Relevance {
  // The token sets of texts joined by spaces are the union of each text's.
  const entityCoverage =
    question.entityTokens.length === 0
      ? 0.7
      : question.entityTokens.filter((token) => context.some((text) => text.tokens.has(token))).length /
        question.entityTokens.length;
  const relationCoverage =
    question.relationStems.length === 0
      ? 0.5
      : question.relationStems.filter((token) => relationTexts.some((text) => text.stems.has(token))).length /
        question.relationStems.length;
  return {
    score: (entityCoverage + relationCoverage) / 2,
    entityCoverage,
    relationCoverage,
  };
}

/** Closeness of a span to the question's relation words in the text, as a multiplier ≥ 1. */
function cueBonus(source: AnalysedText, candidate: Candidate, question: QuestionProfile): number {
  if (question.relationStems.length === 0) return 1;
  const { text } = source;
  let best = Number.POSITIVE_INFINITY;
  for (const match of source.words) {
    if (match.index >= candidate.start && match.index < candidate.end) continue;
    if (!question.relationStems.includes(match.stem)) continue;
    const gap = match.index < candidate.start ? candidate.start - match.index : match.index - candidate.end;
    const words = text
      .slice(Math.min(match.index, candidate.end), Math.max(match.index, candidate.start))
      .split(/\s+/).length;
    best = Math.min(best, gap < 0 ? 0 : words);
  }
  return Number.isFinite(best) ? 1 + 0.35 * Math.exp(-best / 3) : 1;
}

/**
 * Share of the candidate's words that the question itself contains (an answer must not repeat it).
 * Relatives share a family name: asked for a relative, "Ada Mirren Smith" does not repeat "the mother
 * of Odo Smith" by its "Smith".
 */
function questionOverlap(candidate: string, question: QuestionProfile): number {
  return wordsOverlap(contentWords(candidate), question);
}

/** A candidate's words that are not stop words: what `questionOverlap` compares. */
function contentWords(candidate: string): readonly string[] {
  return wordTokens(candidate).filter((token) => !stopWords.has(token));
}

/** `questionOverlap` of a candidate's `contentWords`. */
function wordsOverlap(all: readonly string[], question: QuestionProfile): number {
  if (all.length === 0) return 1;
  const tokens =
    question.kinTopic !== undefined ? all.filter((token) => !question.familyNames.has(token)) : all;
  if (tokens.length === 0) return all.length > 1 ? 0 : 1;
  return tokens.filter((token) => question.allTokens.has(token)).length / tokens.length;
}

export interface HeuristicExtractorOptions {
  /** Weight of passage sentences relative to the pair's own answer (default `PASSAGE_WEIGHT`, 0.6). */
  readonly passageWeight?: number;
  /**
   * Where the question-independent analysis of each text (passage, sentence, pair) is kept across
   * calls. An extractor makes its own; `analyseCandidates` without one analyses afresh each call.
   */
  readonly cache?: TextAnalysisCache;
}

export type CandidateKindName = CandidateKind;

/** What the heuristics saw of one candidate where it scored best. */
export interface CandidateSignals {
  readonly kind: CandidateKind;
  /** How the candidate's kind and shape fit the expected answer type. */
  readonly typeFit: number;
  /** The candidate names the noun asked for ("Tern County" for "which county"): that word is no overlap with the question. */
  readonly headFit: boolean;
  /** Share of the candidate's words the question contains. */
  readonly overlap: number;
  /** 1, or less when the pair's own question already names the candidate (its subject). */
  readonly subjectFactor: number;
  /** 1, or less when the pair is about another relative than the one asked for. */
  readonly kinFactor: number;
  /** 1, or less when a person is asked and the pair says its answer is a work. */
  readonly workFactor: number;
  /** Closeness to the question's relation words, a multiplier ≥ 1. */
  readonly cueBonus: number;
  /** Taken from a pair's answer (not a passage sentence). */
  readonly fromAnswer: boolean;
  readonly sourceWeight: number;
  readonly entityCoverage: number;
  readonly relationCoverage: number;
  /** The candidate is its whole source text (a short answer that is the span itself). */
  readonly wholeSource: boolean;
  /** Where the candidate starts in its source text, in [0, 1]. */
  readonly position: number;
  /** 1-based retrieval rank of the hit it came from. */
  readonly rank: number;
  /** The hit's retrieval score over the top hit's, in [0, 1] when scores are positive. */
  readonly scoreRatio: number;
  /** The heuristic score of this occurrence. */
  readonly score: number;
}

/** One distinct answer span with the heuristic's aggregate score and the signals of its best occurrence. */
export interface AnalysedCandidate {
  readonly display: string;
  /** `normaliseAnswer(display)`: equal keys are one answer. */
  readonly key: string;
  /** The heuristic's score: the best occurrence plus a share of the agreeing ones. */
  readonly total: number;
  readonly best: number;
  readonly bestFit: number;
  readonly bestRelevance: number;
  /** Distinct hits the candidate occurs in. */
  readonly hits: number;
  /** The best retrieval rank among them. */
  readonly bestRank: number;
  readonly evidenceIds: readonly string[];
  readonly signals: CandidateSignals;
}

/** Every candidate of one sub-question over its evidence, ranked by the heuristic score (best first). */
export interface CandidateAnalysis {
  readonly answerType: AnswerType;
  readonly candidates: readonly AnalysedCandidate[];
}

interface MutableCandidate {
  readonly display: string;
  readonly key: string;
  total: number;
  best: number;
  bestFit: number;
  bestRelevance: number;
  bestRank: number;
  readonly evidenceIds: string[];
  signals: CandidateSignals;
}

/**
 * Collects and scores the candidate spans of a sub-question over its evidence: typed candidates
 * (dates, numbers, countries, proper-noun chunks, quoted titles) from each pair's answer (its passage
 * as a weaker fallback), scored by type fit, retrieval rank, the pair's relevance to the question,
 * closeness to the question's relation words and overlap with the question's own words. Equal spans
 * from several pairs add up. Pure.
 */
export function analyseCandidates(
  questionText: string,
  evidence: readonly SearchHit[],
  options: HeuristicExtractorOptions = {},
): CandidateAnalysis {
  const passageWeight = options.passageWeight ?? PASSAGE_WEIGHT;
  const cache = options.cache ?? new TextAnalysisCache();
  const question = cache.of(questionText).remember('profile', () => profile(questionText));
  const candidateKey = `candidates|${question.type}|${question.asksAge}|${question.event}|${question.organisationKind ?? ''}|${question.kin ?? ''}`;
  const scored = new Map<string, MutableCandidate>();
  const seenPassages = new Set<string>();
  const topScore = evidence[0]?.score ?? 0;
  evidence.forEach((hit, index) => {
    const rank = hit.rank > 0 ? hit.rank : index + 1;
    const rankWeight = 1 / (1 + 0.2 * (rank - 1));
    const scoreRatio = topScore > 0 && hit.score > 0 ? Math.min(1, hit.score / topScore) : 1 / rank;
    const sources: (Source & { relevance: Relevance })[] = [];
    const pairQuestion = hit.question ?? '';
    const title = cache.of(hit.title);
    if (hit.answer !== undefined && hit.answer.trim().length > 0) {
      const answer = cache.of(hit.answer);
      const asked = cache.of(pairQuestion);
      const relevance = relevanceOf([title, asked, answer], [asked, answer], question);
      sources.push({
        text: hit.answer,
        analysed: answer,
        weight: 1,
        fromAnswer: true,
        relevance,
        ...(pairQuestion.length > 0
          ? { pairQuestion: asked.remember('profile', () => profile(pairQuestion)) }
          : {}),
        answersWork: asked.remember('describes-work', () => describesWork.test(pairQuestion)),
      });
    } else {
      // A hit of text with no pair: its own sentences are its evidence, weighed as a pair's answer.
      for (const text of cache.of(hit.text).sentences) {
        const analysed = cache.of(text);
        sources.push({
          text,
          analysed,
          weight: 1,
          relevance: relevanceOf([title, analysed], [analysed], question),
        });
      }
    }
    // A passage counts once, with its best-ranked pair: several pairs of one document must not outvote others.
    if (hit.passage.length > 0 && hit.passage !== hit.text && !seenPassages.has(hit.passage)) {
      seenPassages.add(hit.passage);
      for (const text of cache.of(hit.passage).sentences) {
        const analysed = cache.of(text);
        sources.push({
          text,
          analysed,
          weight: passageWeight,
          relevance: relevanceOf([title, analysed], [analysed], question),
        });
      }
    }
    const perHit = new Map<
      string,
      { score: number; fit: number; relevance: number; display: string; signals: CandidateSignals }
    >();
    for (const source of sources) {
      const sourceLength = source.text.trim().replace(/[.!]$/, '').length;
      const candidates = source.analysed.remember(candidateKey, () =>
        candidatesOf(
          source.analysed,
          cache,
          question.type,
          question.asksAge,
          question.event,
          question.organisationKind,
          question.kin,
        ).map((candidate) => {
          const display = candidate.text
            .replace(/^(?:[Tt]he|[Aa]n?)\s+(?=\p{Ll})/u, '')
            .replace(/[\s,;:]+$/, '');
          return { candidate, display, key: normaliseAnswer(display), words: contentWords(display) };
        }),
      );
      for (const { candidate, display, key, words } of candidates) {
        if (key.length === 0) continue;
        // A name that says what was asked ("Orlen City" for "which city") is no overlap with the question.
        const headFit = question.headNoun !== undefined && namesAskedNoun(display, question.headNoun);
        const overlap = headFit
          ? questionOverlap(display.replace(/\s*[\p{L}]+$/u, ''), question)
          : wordsOverlap(words, question);
        if (overlap >= 0.99) continue;
        // In a pair's answer, what its own question already says is the subject, not the answer.
        const subjectFactor =
          source.pairQuestion !== undefined && wordsOverlap(words, source.pairQuestion) >= 0.99
            ? SUBJECT_FACTOR
            : 1;
        // A pair about the mother does not answer a question about the father.
        const kinFactor = kinConflict(question, source.pairQuestion) ? 0.3 : 1;
        // "Who is a 1995 thriller film directed by X? → a title": the pair says its answer is a work.
        const workFactor = question.type === 'person' && source.answersWork === true ? 0.2 : 1;
        // The share of the candidate's words the question does not already say (no floor, no slope).
        const overlapFactor = (1 - overlap) * subjectFactor * kinFactor * workFactor;
        const cue = cueBonus(source.analysed, candidate, question);
        const score =
          candidate.fit * source.weight * rankWeight * source.relevance.score * overlapFactor * cue;
        const current = perHit.get(key);
        if (current === undefined || current.score < score)
          perHit.set(key, {
            score,
            fit: candidate.fit * overlapFactor,
            relevance: source.relevance.score,
            display,
            signals: {
              kind: candidate.kind,
              typeFit: candidate.fit,
              headFit,
              overlap,
              subjectFactor,
              kinFactor,
              workFactor,
              cueBonus: cue,
              fromAnswer: source.fromAnswer === true,
              sourceWeight: source.weight,
              entityCoverage: source.relevance.entityCoverage,
              relationCoverage: source.relevance.relationCoverage,
              wholeSource: candidate.start <= 1 && Math.abs(candidate.end - sourceLength) <= 1,
              position: source.text.length === 0 ? 0 : candidate.start / source.text.length,
              rank,
              scoreRatio,
              score,
            },
          });
      }
    }
    for (const [key, { score, fit, relevance, display, signals }] of perHit) {
      const entry = scored.get(key) ?? {
        display,
        key,
        total: 0,
        best: 0,
        bestFit: 0,
        bestRelevance: 0,
        bestRank: rank,
        evidenceIds: [],
        signals,
      };
      // The best pair counts fully, agreeing pairs add `AGREEMENT_WEIGHT` of theirs.
      entry.total =
        Math.max(entry.best, score) +
        (entry.total - entry.best) +
        AGREEMENT_WEIGHT * Math.min(entry.best, score);
      if (score > entry.best) {
        entry.best = score;
        entry.bestFit = fit;
        entry.bestRelevance = relevance;
        entry.signals = signals;
      }
      entry.bestRank = Math.min(entry.bestRank, rank);
      entry.evidenceIds.push(hit.id);
      scored.set(key, entry);
    }
  });
  const candidates = [...scored.values()]
    .sort((left, right) => right.total - left.total)
    .map((entry) => ({
      display: entry.display,
      key: entry.key,
      total: entry.total,
      best: entry.best,
      bestFit: entry.bestFit,
      bestRelevance: entry.bestRelevance,
      hits: new Set(entry.evidenceIds).size,
      bestRank: entry.bestRank,
      evidenceIds: [...new Set(entry.evidenceIds)],
      signals: entry.signals,
    }));
  return { answerType: question.type, candidates };
}

/** The heuristic's own confidence in a candidate: its fit and relevance, discounted by the best rival that shares no word with it. */
export function heuristicConfidence(
  candidate: AnalysedCandidate,
  candidates: readonly AnalysedCandidate[],
): number {
  const runnerUp = candidates.find((entry) => !overlaps(entry.display, candidate.display))?.total ?? 0;
  // A candidate no source is about (relevance 0) has nothing to be confident in.
  if (candidate.total === 0) return 0;
  const share = candidate.total / (candidate.total + runnerUp);
  return Math.max(0, Math.min(1, candidate.bestFit * candidate.bestRelevance * Math.sqrt(share) * 1.25));
}

/**
 * Extracts an answer span from retrieved QA pairs without a model: the best-scored candidate of
 * `analyseCandidates`, with a confidence from its fit, its relevance and its margin over the best rival.
 */
export class HeuristicExtractor implements AnswerExtractor {
  readonly id = 'heuristic';
  private readonly options: HeuristicExtractorOptions & { readonly cache: TextAnalysisCache };

  constructor(options: HeuristicExtractorOptions = {}) {
    this.options = {
      passageWeight: options.passageWeight ?? PASSAGE_WEIGHT,
      cache: options.cache ?? new TextAnalysisCache(),
    };
  }

  /** The extractor's analyses of the texts it has seen (shared with whoever passed it in). */
  get cache(): TextAnalysisCache {
    return this.options.cache;
  }

  async extract(options: ExtractOptions): Promise<Extraction> {
    throwIfAborted(options.signal);
    return this.extractSync(options.question, options.evidence);
  }

  /** The synchronous core, for callers that do not need a promise. */
  extractSync(questionText: string, evidence: readonly SearchHit[]): Extraction {
    return this.decide(questionText, evidence, analyseCandidates(questionText, evidence, this.options));
  }

  /** The heuristic's answer from an analysis already made. */
  decide(questionText: string, evidence: readonly SearchHit[], analysis: CandidateAnalysis): Extraction {
    const top = analysis.candidates[0];
    if (analysis.answerType === 'yes-no' && top === undefined) {
      const verdict = attributeVerdict(questionText, evidence);
      if (verdict !== undefined)
        return { ...verdict, evidenceIds: [...verdict.evidenceIds], answerType: analysis.answerType };
    }
    if (top === undefined)
      return { answer: '', confidence: 0, evidenceIds: [], answerType: analysis.answerType };
    const confidence = heuristicConfidence(top, analysis.candidates);
    return {
      answer: top.display,
      confidence: Math.round(confidence * 1000) / 1000,
      evidenceIds: [...top.evidenceIds],
      answerType: analysis.answerType,
    };
  }
}

/** Whether two answers share a word (a runner-up that repeats the winner does not lower confidence). */
function overlaps(left: string, right: string): boolean {
  const leftTokens = new Set(contentTokens(left));
  return contentTokens(right).some((token) => leftTokens.has(token));
}
