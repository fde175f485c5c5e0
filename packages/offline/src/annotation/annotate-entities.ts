import {
  alternation,
  nameConnectors as languageNameConnectors,
  organisationNameHeads,
  placeNameHeads,
  type Sentence,
  splitSentences,
} from '@rootweaver/language-en';
import nlp from 'compromise';
import { CompromiseLexicon } from './compromise-lexicon.js';

export type EntityKind = 'person' | 'place' | 'organization' | 'date' | 'nationality' | 'proper';

/** A named span of the passage, with character offsets into the passage text. */
export interface Entity {
  readonly text: string;
  readonly kind: EntityKind;
  readonly start: number;
  readonly end: number;
}

export type { Sentence };

export interface Annotation {
  readonly sentences: Sentence[];
  readonly entities: Entity[];
}

/**
 * `fast`: sentences and words by pattern, tags from compromise's lexicon (names, places,
 * demonyms, months, function words, organisation and place head words), proper-noun spans from
 * capitalisation — about 0.1 ms a passage.
 * `full`: compromise's whole tagger (people(), places(), organizations()) — about 4 ms a passage.
 */
export type AnnotationMode = 'fast' | 'full';

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly pre: string;
  readonly post: string;
  readonly tags: ReadonlySet<string>;
  readonly sentenceStart: boolean;
}

/** Lower-case words that may stand inside a proper name ("Anna of Cleves", "Ludwig van Beethoven"). */
export const nameConnectors: ReadonlySet<string> = new Set(languageNameConnectors);
const functionTags = [
  'Determiner',
  'Preposition',
  'Pronoun',
  'Conjunction',
  'Copula',
  'Adverb',
  'QuestionWord',
];
const personTags = ['Person', 'FirstName', 'MaleName', 'FemaleName', 'LastName', 'Honorific'];
const placeTags = ['Place', 'Country', 'City', 'Region', 'Address'];
const placeHeads = new RegExp(`^${alternation(placeNameHeads)}$`);
const organizationHeads = new RegExp(`^${alternation(organisationNameHeads)}$`);
const monthPattern =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)';
/** Full dates ("March 3, 1981", "3 March 1981"), month + year, decades and years, as a source string. */
export const dateSource = [
  `\\b${monthPattern}\\s+\\d{1,2},?\\s+\\d{3,4}\\b`,
  `\\b\\d{1,2}\\s+${monthPattern},?\\s+\\d{3,4}\\b`,
  `\\b${monthPattern},?\\s+\\d{3,4}\\b`,
  `\\b(?:1\\d{3}|20\\d{2})s\\b`,
  `\\b(?:1\\d{3}|20\\d{2})\\b`,
].join('|');
const datePattern = new RegExp(dateSource, 'g');

function isCapitalised(text: string): boolean {
  const first = text.codePointAt(0);
  if (first === undefined) return false;
  const character = String.fromCodePoint(first);
  return character !== character.toLowerCase() && character === character.toUpperCase();
}

function hasAny(tags: ReadonlySet<string>, names: readonly string[]): boolean {
  for (const name of names) if (tags.has(name)) return true;
  return false;
}

let lexicon: CompromiseLexicon | undefined;
const wordPattern = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}'’.-]*[\p{L}\p{M}\p{N}])?/gu;
/** `fast` mode: sentences and words by pattern, tags from compromise's lexicon (no tagger). */
function fastTokensOf(text: string): { tokens: Token[]; sentences: Sentence[] } {
  lexicon ??= new CompromiseLexicon();
  const words = lexicon;
  const sentences = splitSentences(text);
  const tokens: Token[] = [];
  for (const sentence of sentences) {
    let previousEnd = sentence.start;
    let first = true;
    let previous: { -readonly [K in keyof Token]: Token[K] } | undefined;
    for (const match of sentence.text.matchAll(wordPattern)) {
      const start = sentence.start + (match.index ?? 0);
      const word = match[0];
      const end = start + word.length;
      const gap = text.slice(previousEnd, start);
      if (previous !== undefined) previous.post = gap;
      const token = {
        text: word,
        start,
        end,
        pre: gap,
        post: '',
        tags: words.tagsOf(word),
        sentenceStart: first,
      };
      tokens.push(token);
      previous = token;
      previousEnd = end;
      first = false;
    }
    if (previous !== undefined) previous.post = text.slice(previousEnd, sentence.end);
  }
  return { tokens, sentences };
}

function tokensOf(text: string, mode: AnnotationMode): { tokens: Token[]; sentences: Sentence[] } {
  if (mode === 'fast') return fastTokensOf(text);
  const document = nlp(text);
  const tokens: Token[] = [];
  const sentences: Sentence[] = [];
  let cursor = 0;
  for (const terms of document.docs) {
    let sentenceStart = -1;
    let sentenceEnd = cursor;
    terms.forEach((term, index) => {
      let start = text.startsWith(term.text, cursor + term.pre.length)
        ? cursor + term.pre.length
        : text.indexOf(term.text, cursor);
      if (start < 0) start = cursor;
      const end = start + term.text.length;
      if (sentenceStart < 0) sentenceStart = Math.max(cursor, start - term.pre.length);
      const afterPost = text.startsWith(term.post, end) ? end + term.post.length : end;
      tokens.push({
        text: term.text,
        start,
        end,
        pre: term.pre,
        post: term.post,
        tags: term.tags ?? new Set(),
        sentenceStart: index === 0,
      });
      cursor = afterPost;
      sentenceEnd = afterPost;
    });
    if (sentenceStart >= 0) {
      const raw = text.slice(sentenceStart, sentenceEnd);
      const trimmedStart = sentenceStart + (raw.length - raw.trimStart().length);
      const sentenceText = raw.trim();
      if (sentenceText !== '')
        sentences.push({ text: sentenceText, start: trimmedStart, end: trimmedStart + sentenceText.length });
    }
  }
  return { tokens, sentences };
}

function kindOfSpan(span: readonly Token[], mode: AnnotationMode): EntityKind {
  const last = span[span.length - 1];
  const lastText = last?.text ?? '';
  if (
    span.some((token) => token.tags.has('Organization')) ||
    organizationHeads.test(lastText) ||
    lexicon?.organizationWords.has(lastText.toLowerCase()) === true
  )
    return 'organization';
  if (
    span.some((token) => hasAny(token.tags, placeTags)) ||
    placeHeads.test(lastText) ||
    lexicon?.placeWords.has(lastText.toLowerCase()) === true
  )
    return 'place';
  if (span.length === 1 && span[0]?.tags.has('Demonym')) return 'nationality';
  if (span.some((token) => hasAny(token.tags, personTags))) return 'person';
  if (
    mode === 'fast' &&
    span.length >= 2 &&
    span.length <= 3 &&
    span.every((token) => /^\p{Lu}\p{Ll}+$/u.test(token.text))
  )
    return span.some((token) => token.tags.has('FirstName')) ? 'person' : 'proper';
  return 'proper';
}

/**
 * Finds proper-noun spans (people, places, organisations, nationalities) and dates/years in a
 * passage, and splits it into sentences, with compromise.
 */
export function annotateEntities(text: string, options: { mode?: AnnotationMode } = {}): Annotation {
  const mode = options.mode ?? 'fast';
  const { tokens, sentences } = tokensOf(text, mode);
  const entities: Entity[] = [];
  const dateRanges: [number, number][] = [];
  for (const match of text.matchAll(datePattern)) {
    const start = match.index ?? 0;
    entities.push({ text: match[0], kind: 'date', start, end: start + match[0].length });
    dateRanges.push([start, start + match[0].length]);
  }
  const insideDate = (token: Token): boolean =>
    dateRanges.some(([start, end]) => token.start >= start && token.end <= end);
  const isNameToken = (token: Token): boolean =>
    isCapitalised(token.text) &&
    !insideDate(token) &&
    !(token.sentenceStart && hasAny(token.tags, functionTags));
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (token === undefined || !isNameToken(token)) {
      index += 1;
      continue;
    }
    const span: Token[] = [token];
    let next = index + 1;
    while (next < tokens.length) {
      const previous = span[span.length - 1];
      if (previous === undefined || /[^\s'’-]/.test(previous.post)) break;
      const candidate = tokens[next];
      if (candidate === undefined || candidate.sentenceStart || /[^\s]/.test(candidate.pre)) break;
      if (isNameToken(candidate)) {
        span.push(candidate);
        next += 1;
        continue;
      }
      const following = tokens[next + 1];
      if (
        nameConnectors.has(candidate.text.toLowerCase()) &&
        !/[^\s]/.test(candidate.post) &&
        following !== undefined &&
        isNameToken(following)
      ) {
        span.push(candidate, following);
        next += 2;
        continue;
      }
      break;
    }
    index = next;
    const first = span[0];
    const last = span[span.length - 1];
    if (first === undefined || last === undefined) continue;
    // A lone capitalised word that opens a sentence is usually an ordinary word ("Geographical").
    if (
      span.length === 1 &&
      first.sentenceStart &&
      !hasAny(first.tags, [...personTags, ...placeTags, 'ProperNoun', 'Demonym'])
    )
      continue;
    entities.push({
      text: text.slice(first.start, last.end),
      kind: kindOfSpan(span, mode),
      start: first.start,
      end: last.end,
    });
  }
  entities.sort((left, right) => left.start - right.start || right.end - left.end);
  return { sentences, entities };
}
