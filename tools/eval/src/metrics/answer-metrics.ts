/**
 * SQuAD answer normalisation: lower case, strip punctuation, drop the articles a/an/the,
 * collapse white space. The same rules as the official SQuAD v1.1 evaluation script.
 */
export function normalizeAnswer(text: string): string {
  const lower = text.toLowerCase();
  const withoutPunctuation = Array.from(lower)
    .filter((character) => !asciiPunctuation.has(character))
    .join('');
  // Python's `\b` is Unicode-aware; JavaScript's is not, hence the explicit look-arounds.
  const withoutArticles = withoutPunctuation.replace(/(?<![\p{L}\p{N}_])(a|an|the)(?![\p{L}\p{N}_])/gu, ' ');
  return withoutArticles
    .split(/\s+/)
    .filter((token) => token.length > 0)
    .join(' ');
}

/** Python's `string.punctuation`, which the SQuAD script removes (ASCII only, as there). */
const asciiPunctuation = new Set(Array.from('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'));

/** 1 when the normalised strings are equal, else 0. */
export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

/** Token-level F1 between normalised prediction and gold (SQuAD). */
export function f1Score(prediction: string, gold: string): number {
  const predictionTokens = normalizeAnswer(prediction)
    .split(' ')
    .filter((token) => token.length > 0);
  const goldTokens = normalizeAnswer(gold)
    .split(' ')
    .filter((token) => token.length > 0);
  if (predictionTokens.length === 0 || goldTokens.length === 0) {
    return predictionTokens.length === goldTokens.length ? 1 : 0;
  }
  const goldCounts = new Map<string, number>();
  for (const token of goldTokens) goldCounts.set(token, (goldCounts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predictionTokens) {
    const remaining = goldCounts.get(token) ?? 0;
    if (remaining > 0) {
      common += 1;
      goldCounts.set(token, remaining - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predictionTokens.length;
  const recall = common / goldTokens.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Best score over several gold answers (datasets with aliases). */
export function bestOver(golds: readonly string[], score: (gold: string) => number): number {
  return golds.reduce((best, gold) => Math.max(best, score(gold)), 0);
}
