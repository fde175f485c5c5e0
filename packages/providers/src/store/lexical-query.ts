/** Words too common to help a BM25 ranking; dropped from queries unless nothing else is left. */
const stopWords = new Set(
  (
    'a an and are as at be been but by did do does for from had has have he her his how i in into is it its ' +
    'of on or she that the their them they this to was were what when where which who whom whose why will with ' +
    'you your'
  ).split(' '),
);

/** Lower-cased letter/number runs, as the store's tokenizer sees them. */
export function queryTerms(query: string): string[] {
  return (
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Turns a user's question into a safe FTS5 MATCH expression: each distinct term double-quoted (so
 * FTS5 operators and punctuation in the question are plain text), OR-ed together, stop words
 * dropped unless the query has nothing else. Returns `undefined` when the query has no terms.
 */
export function toFtsQuery(query: string, maxTerms = 32): string | undefined {
  const terms = [...new Set(queryTerms(query))];
  const content = terms.filter((term) => !stopWords.has(term));
  const chosen = (content.length > 0 ? content : terms).slice(0, maxTerms);
  if (chosen.length === 0) return undefined;
  return chosen.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}
