import { RootweaverError } from '@rootweaver/core';
import { functionWords as stopWords } from '@rootweaver/language-en';
import { TermMatcher } from './term-matcher.js';
import { splitOnWhiteSpace } from './white-space.js';

/** ADR-077's answerability threshold: a sub-query is answered once this fraction of its key terms occur. */
export const defaultAnswerabilityThreshold = 0.6;

/**
 * True when a lower-cased token is a reasoning key term: longer than 3 characters (Unicode code points,
 * as Python's `len`) and not in the shared stop-word set.
 */
export function isKeyTerm(lowerCaseToken: string): boolean {
  return isLongerThanThreeCharacters(lowerCaseToken) && !stopWords.has(lowerCaseToken);
}

/**
 * ADR-077's shared key-term extractor, the single source of truth for the compactor and the keyterm
 * planner: lower-case the text, split it on white space, keep tokens longer than 3 characters that are
 * not stop words. Punctuation is NOT stripped (`"paris,"` and `"paris"` are different terms). Each term
 * appears once, in order of first appearance.
 */
export function reasoningKeyTerms(text: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const token of splitOnWhiteSpace(text.toLowerCase())) {
    if (!seen.has(token) && isKeyTerm(token)) {
      seen.add(token);
      terms.push(token);
    }
  }
  return terms;
}

/** The key terms of a text as a set: compute it once per context and reuse it for every sub-query. */
export function reasoningKeyTermSet(text: string): ReadonlySet<string> {
  return new Set(reasoningKeyTerms(text));
}

/**
 * The fraction of the sub-query's key terms that occur among the context's key terms, in [0, 1].
 * `context` is the context text, or its precomputed `reasoningKeyTermSet`.
 * A sub-query with no key terms has nothing that can occur: its fraction is 0.
 */
export function answeredFraction(subQuery: string, context: string | ReadonlySet<string>): number {
  return fractionPresent(reasoningKeyTerms(subQuery), context);
}

/**
 * ADR-077's answerability heuristic: a sub-query is still open while fewer than `threshold` of its key
 * terms occur among the context's key terms (so with 0.6, 3 of 5 terms answer it; 2 of 5 do not).
 *
 * A sub-query with no key terms (e.g. `"Who was it?"`) can never be answered by terms, so it stays
 * open at every threshold; the keyterm planner's hop cap is what bounds it. Pass the context's
 * `reasoningKeyTermSet` instead of its text when testing many sub-queries against one context.
 */
export function isSubQueryOpen(
  subQuery: string,
  context: string | ReadonlySet<string>,
  threshold: number = defaultAnswerabilityThreshold,
): boolean {
  assertThreshold(threshold);
  const subQueryTerms = reasoningKeyTerms(subQuery);
  if (subQueryTerms.length === 0) {
    return true;
  }
  return fractionPresent(subQueryTerms, context) < threshold;
}

/** The sub-queries still open against the context, in their given order (ADR-077 §4: the frontier). */
export function selectOpenSubQueries(
  subQueries: readonly string[],
  context: string | ReadonlySet<string>,
  threshold: number = defaultAnswerabilityThreshold,
): string[] {
  assertThreshold(threshold);
  const contextTerms = typeof context === 'string' ? reasoningKeyTermSet(context) : context;
  return subQueries.filter((subQuery) => isSubQueryOpen(subQuery, contextTerms, threshold));
}

function fractionPresent(terms: readonly string[], context: string | ReadonlySet<string>): number {
  if (terms.length === 0) {
    return 0;
  }
  let matched = 0;
  if (typeof context === 'string') {
    // Scan the context for these terms only, instead of extracting all of its key terms: a term of the
    // sub-query is a key term, so it occurs among the context's key terms exactly when a token equals it.
    const found = new Uint8Array(terms.length);
    for (const termIndex of new TermMatcher(terms).scan(context.toLowerCase(), 1).matchTerms) {
      found[termIndex] = 1;
    }
    for (const flag of found) {
      matched += flag;
    }
  } else {
    for (const term of terms) {
      if (context.has(term)) {
        matched++;
      }
    }
  }
  return matched / terms.length;
}

function assertThreshold(threshold: number): void {
  if (!(threshold >= 0 && threshold <= 1)) {
    throw new RootweaverError(
      'invalid-input',
      `The answerability threshold must be a number from 0 to 1 (got ${String(threshold)}); ` +
        'set answerability_threshold in configs/retrieval/multi_hop.yaml, e.g. 0.6.',
      { details: { threshold } },
    );
  }
}

function isLongerThanThreeCharacters(token: string): boolean {
  if (token.length <= 3) {
    return false;
  }
  // A UTF-16 length above 6 is at least 4 code points; below that, count surrogate pairs as one.
  if (token.length > 6) {
    return true;
  }
  let codePoints = 0;
  for (let index = 0; index < token.length; index++) {
    const code = token.charCodeAt(index);
    if (code < 0xdc00 || code > 0xdfff || index === 0) {
      codePoints++;
    } else {
      const previous = token.charCodeAt(index - 1);
      if (previous < 0xd800 || previous > 0xdbff) {
        codePoints++;
      }
    }
  }
  return codePoints > 3;
}
