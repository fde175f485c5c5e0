import type { SearchHit } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';

/**
 * Two hits are near-duplicates when the token sets of their question + answer (a passage: its text),
 * lower-cased and without punctuation, overlap with a Jaccard index at or above this bound: 0.8 lets
 * one content word in five differ ("When was X born?" / "When was X born in?"), never a different
 * answer to the same question (a three-word answer changes the index by more than that).
 */
export const nearDuplicateJaccard = 0.8;

/**
 * How many hits to fetch for a top k before collapsing: k more, so that collapsed duplicates are
 * replaced by the next distinct items rather than leaving the top k short.
 */
export function nearDuplicateFetchSize(topK: number): number {
  return topK * 2;
}

const wordLike = /[\p{L}\p{N}]/u;

function tokenSet(hit: SearchHit): Set<string> {
  const text = hit.kind === 'qa' ? `${hit.question ?? ''} ${hit.answer ?? ''}` : hit.text;
  const tokens = new Set<string>();
  for (const token of tokenizeWords(text)) {
    if (wordLike.test(token.text)) tokens.add(token.text.toLowerCase());
  }
  return tokens;
}

function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * The first `topK` hits with near-duplicates collapsed: walking the ranking best first, a hit is kept
 * unless it is a near-duplicate (`nearDuplicateJaccard`) of one already kept, so each group keeps its
 * best-ranked member. Kept hits are renumbered 1…k in their original order.
 */
export function collapseNearDuplicates(options: {
  readonly hits: readonly SearchHit[];
  readonly topK: number;
  readonly bound?: number;
}): SearchHit[] {
  const bound = options.bound ?? nearDuplicateJaccard;
  const kept: SearchHit[] = [];
  const keptTokens: Set<string>[] = [];
  for (const hit of options.hits) {
    if (kept.length >= options.topK) break;
    const tokens = tokenSet(hit);
    if (keptTokens.some((other) => jaccard(tokens, other) >= bound)) continue;
    kept.push(hit);
    keptTokens.push(tokens);
  }
  return kept.map((hit, index) => (hit.rank === index + 1 ? hit : { ...hit, rank: index + 1 }));
}
