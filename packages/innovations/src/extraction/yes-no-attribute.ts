import type { SearchHit } from '@rootweaver/core';
import { splitSentences } from '@rootweaver/language-en';
import { capitalisedChunks, contentTokens, quotedSpans, stem, wordTokens } from './text.js';

/** Words of a yes/no question that say nothing about the attribute asked. */
const notAttribute = new Set([
  'both',
  'same',
  'also',
  'either',
  'neither',
  'each',
  'all',
  'two',
  'one',
  'kind',
  'type',
]);

export interface AttributeVerdict {
  readonly answer: 'yes' | 'no';
  readonly confidence: number;
  readonly evidenceIds: readonly string[];
}

/** The first sentences of a passage: where it says what its subject is. */
function definition(text: string): string {
  return splitSentences(text)
    .slice(0, 2)
    .map((sentence) => sentence.text)
    .join(' ');
}

/**
 * "Is X a documentary?", "Are both X and Y ice plants?": yes when, for every named subject, a
 * retrieved pair or passage about it (naming all its words) states every word of the attribute in
 * its answer or opening sentences; no when a subject is found and none of its sources does. No
 * verdict when a subject is not found, when the question has no attribute words, or when it
 * compares ("the same", "or") — composition answers those from typed values.
 */
export function attributeVerdict(
  question: string,
  evidence: readonly SearchHit[],
): AttributeVerdict | undefined {
  if (/\b(?:same|or|than|more|less|older|younger|first)\b/i.test(question)) return undefined;
  const subjects = [...capitalisedChunks(question), ...quotedSpans(question)]
    .map((span) => span.text.replace(/^(?:Is|Are|Was|Were|Do|Does|Did|Has|Have)\s+/, ''))
    // "Marrow Light and Ostra Days" is two subjects.
    .flatMap((text) => text.split(/\s+(?:and|&)\s+/))
    .map((text) => contentTokens(text))
    .filter((tokens) => tokens.length > 0);
  if (subjects.length === 0 || subjects.length > 2) return undefined;
  const subjectWords = new Set(subjects.flat());
  const attribute = [
    ...new Set(
      contentTokens(question)
        .filter((token) => !subjectWords.has(token) && !notAttribute.has(token))
        .map(stem),
    ),
  ];
  if (attribute.length === 0) return undefined;
  const evidenceIds: string[] = [];
  let verdict: 'yes' | 'no' = 'yes';
  for (const subject of subjects) {
    const about = evidence.filter((hit) => {
      const words = new Set(wordTokens(`${hit.title} ${hit.question ?? ''} ${hit.answer ?? ''}`));
      return subject.every((token) => words.has(token));
    });
    if (about.length === 0) return undefined;
    const stating = about.find((hit) => {
      const stems = new Set(wordTokens(`${hit.answer ?? ''} ${definition(hit.passage)}`).map(stem));
      return attribute.every((token) => stems.has(token));
    });
    if (stating === undefined) {
      verdict = 'no';
      evidenceIds.push(...about.slice(0, 1).map((hit) => hit.id));
    } else evidenceIds.push(stating.id);
  }
  return {
    answer: verdict,
    confidence: verdict === 'yes' ? 0.6 : 0.45,
    evidenceIds: [...new Set(evidenceIds)],
  };
}
