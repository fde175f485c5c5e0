import {
  functionWords,
  isAbbreviation,
  nameConnectors as languageNameConnectors,
  normaliseAnswer,
  questionNouns,
  stem,
} from '@rootweaver/language-en';

/** Small text helpers shared by extraction, grounding, composition and the rule decomposer. */

/** Words ignored when comparing a question with a candidate or a retrieved pair: the language pack's function words and question nouns. */
export const stopWords: ReadonlySet<string> = new Set([...functionWords, ...questionNouns]);

/** Lower-cased word tokens (letters and digits, diacritics kept). */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The language pack's stemmer ("directed", "director" and "directors" meet). */
export { stem };

/** Content tokens of a text: no function words, no single letters. */
export function contentTokens(text: string): string[] {
  return wordTokens(text).filter((token) => token.length > 1 && !stopWords.has(token));
}

/** The language pack's answer normaliser (the one the whole answer path compares answers with). */
export { normaliseAnswer };

/** Words that may sit inside a proper name without being capitalised; a chunk also spans "and" and "&" ("Gull & Tern"). */
const nameConnectors: ReadonlySet<string> = new Set([...languageNameConnectors, 'and', '&']);

/** Capitalised words that start sentences but are not names. */
const sentenceWords: ReadonlySet<string> = new Set(
  (
    'He She It They We I His Her Its Their Our This That These Those There Here A An In On At As After Before ' +
    'During When Where Who What Which Why How While Although Since From By For With Following Born Died Yes No ' +
    'Unknown According Both Some Many Most One Two Also However Then Today Later Prior Between Under Over Into'
  ).split(' '),
);

const titleStart =
  /^(?:\d+(?:st|nd|rd|th)\s|(?:Holy Roman |Grand )?(?:Duke|Duchess|Earl|Count|Countess|Marquess|Marquis|Baron|Baroness|Viscount|Prince|Princess|King|Queen|Emperor|Empress|Lord|Lady|Archduke|Archduchess|Elector|Margrave|Landgrave|Sultan|Shah|Pope|Bishop|Archbishop|Crown Prince)\b)/;

/** "Quill Lantern Companies, Inc", "Odo Varga, Jr.": a suffix that belongs to the name before the comma. */
const corporateSuffix = /^(?:Inc|Ltd|LLC|L\.L\.C|Co|Corp|PLC|plc|S\.A|AG|GmbH|Jr|Sr)\.?$/;

export interface TextSpan {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const wordPattern = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.-]*|&/gu;

function isCapitalised(word: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(word);
}

/** A word without trailing punctuation, but an initial's or an abbreviation's full stop stays ("J.", "St.", "U.S."); `flush` drops it at a chunk's end. */
function trimWord(word: string): string {
  return word.replace(/[.'’-]+$/u, (tail) => (tail === '.' && isAbbreviation(word) ? tail : ''));
}

/**
 * Proper-noun chunks: runs of capitalised words, joined by name connectors ("of", "de", "von"…),
 * broken by punctuation other than apostrophes, hyphens and initials' full stops.
 */
export function capitalisedChunks(text: string): TextSpan[] {
  const words: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const raw = match[0];
    const word = trimWord(raw);
    if (word.length === 0) continue;
    words.push({ word, start: match.index, end: match.index + word.length });
  }
  const chunks: TextSpan[] = [];
  let current: { word: string; start: number; end: number }[] = [];
  const flush = (): void => {
    while (current.length > 0 && !isCapitalised(current.at(-1)?.word ?? '')) current.pop();
    while (current.length > 0 && sentenceWords.has(current[0]?.word ?? '') && current.length >= 1) {
      const first = current[0];
      const second = current[1];
      // "The Paper Lantern" stays; "He", "In Paris" lose their sentence word.
      if (first?.word === 'The' && second !== undefined && isCapitalised(second.word)) break;
      current.shift();
    }
    while (current.length > 0 && !isCapitalised(current[0]?.word ?? '')) current.shift();
    const first = current[0];
    const last = current.at(-1);
    if (first !== undefined && last !== undefined) {
      let end = last.end;
      if (/['’]s$/.test(text.slice(first.start, end))) end -= 2;
      // An abbreviation's full stop holds a name together ("St. Louis"); at the end of a chunk it goes ("Smith Jr").
      if (/[^.]{2}\.$/u.test(last.word) && end === last.end) end -= 1;
      const previous = chunks.at(-1);
      const gap = previous === undefined ? '' : text.slice(previous.end, first.start);
      // "Odo Quill, 1st Duke of Buckingham", "Odo IV, Holy Roman Emperor": one name.
      const piece = text.slice(first.start, end);
      if (
        previous !== undefined &&
        /^,\s$/.test(gap) &&
        (titleStart.test(piece) || corporateSuffix.test(piece))
      ) {
        chunks[chunks.length - 1] = { text: text.slice(previous.start, end), start: previous.start, end };
      } else if (end > first.start) {
        chunks.push({ text: text.slice(first.start, end), start: first.start, end });
      }
    }
    current = [];
  };
  for (let index = 0; index < words.length; index += 1) {
    const entry = words[index];
    if (entry === undefined) continue;
    const previous = current.at(-1);
    const between = previous === undefined ? '' : text.slice(previous.end, entry.start);
    if (previous !== undefined && !/^[\s]*$/.test(between)) flush();
    const startsChunk =
      current.length > 0 || !/^\d/.test(entry.word) || /^\d+(?:st|nd|rd|th)$/.test(entry.word);
    if (isCapitalised(entry.word) && !/^\d{3,4}s?$/.test(entry.word) && startsChunk) {
      current.push(entry);
    } else if (current.length > 0 && nameConnectors.has(entry.word.toLowerCase())) {
      const next = words[index + 1];
      const gap = next === undefined ? '' : text.slice(entry.end, next.start);
      if (next !== undefined && isCapitalised(next.word) && /^\s*$/.test(gap)) current.push(entry);
      else flush();
    } else {
      flush();
    }
  }
  flush();
  return chunks;
}

/** The most lower-case function words a work's title holds between two capitalised runs ("The Man with the Gun"). */
const maxTitleLinkWords = 3;

/**
 * Works' titles that `capitalisedChunks` cuts at their lower-case function words: each run of two or
 * more consecutive chunks separated by whitespace and at most `maxTitleLinkWords` lower-case function
 * words ("Jazz on a Summer Day", "The Girl from the Attic"), longest first. Only the joined spans; the
 * chunks themselves are `capitalisedChunks`'.
 */
export function titleChunks(text: string, chunks: readonly TextSpan[]): TextSpan[] {
  const linked = (left: TextSpan, right: TextSpan): boolean => {
    const between = text.slice(left.end, right.start);
    if (!/^\s+(?:\p{Ll}+\s+){1,}$/u.test(between)) return false;
    const words = between.trim().split(/\s+/);
    return words.length <= maxTitleLinkWords && words.every((word) => functionWords.has(word));
  };
  const spans: TextSpan[] = [];
  for (let first = 0; first < chunks.length; first += 1) {
    let last = first;
    while (last + 1 < chunks.length && linked(chunks[last] as TextSpan, chunks[last + 1] as TextSpan))
      last += 1;
    for (let end = last; end > first; end -= 1) {
      const start = (chunks[first] as TextSpan).start;
      const stop = (chunks[end] as TextSpan).end;
      spans.push({ text: text.slice(start, stop), start, end: stop });
    }
  }
  return spans.sort((left, right) => right.end - right.start - (left.end - left.start));
}

/** Quoted spans: 'Le Vellard', "The Paper Lantern", “…”. */
export function quotedSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const match of text.matchAll(
    /(?:^|[\s(])(['"‘“])((?:[^'"‘’“”]|['’](?=\p{L}))+?)(['"’”])(?=[\s,.?!;:)]|$)/gu,
  )) {
    const inner = match[2] ?? '';
    const start = match.index + match[0].indexOf(inner);
    spans.push({ text: inner, start, end: start + inner.length });
  }
  return spans;
}

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
