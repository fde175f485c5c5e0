import { retrievalStopWords } from '@rootweaver/language-en';

/**
 * Words too common to help a BM25 ranking (the language pack's retrieval stop words: function words
 * that carry no relation); dropped from queries unless nothing else is left. Particles and quantifiers
 * stay: "came up with" is not "came with".
 */
const stopWords = retrievalStopWords;

/** Lower-cased letter/number runs with diacritics removed. */
export function queryTerms(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Harman's "S" stemmer: folds English plurals (cities → city, films → film, horses → horse) and
 * nothing else, so it rarely conflates words that differ in meaning.
 */
export function stemTerm(term: string): string {
  if (term.length <= 3 || /\d/.test(term)) return term;
  if (term.endsWith('ies') && !term.endsWith('eies') && !term.endsWith('aies'))
    return `${term.slice(0, -3)}y`;
  if (term.endsWith('es') && !/(?:aes|ees|oes)$/.test(term)) return term.slice(0, -1);
  if (term.endsWith('s') && !/(?:us|ss)$/.test(term)) return term.slice(0, -1);
  return term;
}

// Every character below U+0080 (a range, so no control character is written out).
const asciiOnly = /^[^\u0080-\uffff]*$/;
const nonWord = /[^a-z0-9]+/g;
const endsInS = /[a-z0-9]+s(?= |$)/g;

/**
 * The terms a document is indexed under, space-separated (what the FTS5 index is given), and how
 * many: normalised, stemmed, in order, duplicates kept. ASCII text takes a path with no NFKD, no
 * array of terms and only the words ending in "s" stemmed (the only words the S-stemmer changes),
 * three times faster with the same result.
 */
export function indexTermString(text: string): { terms: string; count: number } {
  if (!asciiOnly.test(text)) {
    const terms = queryTerms(text).map(stemTerm);
    return { terms: terms.join(' '), count: terms.length };
  }
  const spaced = text.toLowerCase().replace(nonWord, ' ').trim();
  if (spaced === '') return { terms: '', count: 0 };
  let count = 1;
  for (let index = spaced.indexOf(' '); index !== -1; index = spaced.indexOf(' ', index + 1)) count += 1;
  return { terms: spaced.replace(endsInS, stemTerm), count };
}

/** The terms a document is indexed under: normalised, stemmed, in order, duplicates kept. */
export function indexTerms(text: string): string[] {
  const { terms } = indexTermString(text);
  return terms === '' ? [] : terms.split(' ');
}

/** The distinct terms of a query: stop words dropped unless nothing else is left, then stemmed. */
export function searchTerms(query: string, maxTerms = 32): string[] {
  const terms = queryTerms(query);
  const content = terms.filter((term) => !stopWords.has(term));
  return [...new Set((content.length > 0 ? content : terms).map(stemTerm))].slice(0, maxTerms);
}

/** Quotes terms for an FTS5 MATCH (so no term is read as an operator) and ORs them. */
export function ftsExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * Turns a user's question into a safe FTS5 MATCH expression: each distinct term double-quoted (so
 * FTS5 operators and punctuation in the question are plain text), OR-ed together, stop words
 * dropped unless the query has nothing else. Returns `undefined` when the query has no terms.
 */
export function toFtsQuery(query: string, maxTerms = 32): string | undefined {
  const terms = searchTerms(query, maxTerms);
  return terms.length === 0 ? undefined : ftsExpression(terms);
}
