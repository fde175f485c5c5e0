import { isSentencePair, type SearchHit } from '@rootweaver/core';
import { isFunctionWord, splitSentences, stem, tokenizeWords } from '@rootweaver/language-en';
import type { RankerPair } from '../span-ranker/span-features.js';

/** What the reader reads: pairs, and for each the retrieved item it came from. */
export interface ReaderEvidence {
  readonly pairs: readonly RankerPair[];
  /** Per pair, the index of its hit. */
  readonly owners: readonly number[];
}

/**
 * A pair as the reader reads it: a QA item's question and answer, a passage's title and text, and a
 * sentence pair's sentence alone (`isSentencePair`): "What is known about X?" asks nothing the sentence
 * does not say, and the passage sentences the reader also reads have no question line either.
 */
export function readerPairOf(hit: SearchHit): RankerPair {
  if (isSentencePair(hit)) return { question: '', answer: hit.answer ?? '' };
  if (hit.question !== undefined && hit.answer !== undefined)
    return { question: hit.question, answer: hit.answer };
  return { question: hit.title, answer: hit.kind === 'passage' ? hit.passage : hit.text };
}

const wordLike = /[\p{L}\p{N}]/u;

function contentStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const token of tokenizeWords(text)) {
    const word = token.text.toLowerCase();
    if (wordLike.test(word) && !isFunctionWord(word)) stems.add(stem(word));
  }
  return stems;
}

/**
 * The hits as pairs, then — with `passageSentences` > 0 — from each distinct source passage of a QA
 * hit (the document it was generated from), its sentences that share the most content words with the
 * question, at most `passageSentences` of them and none that shares none, each as a pair with no
 * question line: where the index's pairs missed a fact, its passage may still state it.
 */
export function readerEvidenceOf(
  question: string,
  hits: readonly SearchHit[],
  passageSentences: number,
): ReaderEvidence {
  const pairs = hits.map(readerPairOf);
  const owners = hits.map((_, index) => index);
  if (passageSentences <= 0) return { pairs, owners };
  const asked = contentStems(question);
  const seen = new Set<string>();
  hits.forEach((hit, owner) => {
    const passage = hit.passage;
    if (hit.kind !== 'qa' || passage.trim() === '' || seen.has(passage)) return;
    seen.add(passage);
    const answer = hit.answer ?? '';
    const scored = splitSentences(passage)
      .map((sentence, position) => {
        let shared = 0;
        for (const word of contentStems(sentence.text)) if (asked.has(word)) shared += 1;
        return { text: sentence.text, shared, position };
      })
      .filter((sentence) => sentence.shared > 0 && sentence.text !== answer.trim());
    scored.sort((a, b) => b.shared - a.shared || a.position - b.position);
    for (const sentence of scored.slice(0, passageSentences)) {
      pairs.push({ question: '', answer: sentence.text });
      owners.push(owner);
    }
  });
  return { pairs, owners };
}
