/** Escapes a literal for use inside a RegExp. */
function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A non-capturing RegExp alternation of words, longest first (so "TV series" wins over "series"),
 * for building patterns from the lexicon: `new RegExp(`\\b${alternation(workNouns)}\\b`)`.
 */
export function alternation(words: Iterable<string>): string {
  const sorted = [...new Set(words)].sort(
    (left, right) => right.length - left.length || (left < right ? -1 : 1),
  );
  return `(?:${sorted.map(escapeLiteral).join('|')})`;
}
