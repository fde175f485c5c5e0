import { functionWords } from '@rootweaver/language-en';

/** Words too common to help a BM25 ranking (the language pack's function words); dropped from queries unless nothing else is left. */
const stopWords = functionWords;

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

/** The terms a document is indexed under: normalised, stemmed, in order, duplicates kept. */
export function indexTerms(text: string): string[] {
  return queryTerms(text).map(stemTerm);
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
