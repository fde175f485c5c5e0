import type { WordToken } from '@rootweaver/language-en';

/**
 * What a question's wording says its answer is, read off the words that open it. The reader's trees
 * see it as a category, the span features compare it with each candidate; nothing here knows any
 * entity or dataset.
 */
export const answerKinds = [
  'other',
  'who',
  'whose',
  'when',
  'where',
  'why',
  'how-many',
  'how-much',
  'how-long',
  'how-old',
  'how',
  'year',
  'which-or-what-noun',
  'what',
  'polar',
] as const;
export type AnswerKind = (typeof answerKinds)[number];

/** The answer kind of a question and the noun that names its answer ("which city" → "city"), if any. */
export interface AnswerType {
  readonly kind: AnswerKind;
  /** Index into `answerKinds` (the trees' categorical feature). */
  readonly code: number;
  /** The lower-cased noun the question names its answer with, or undefined. */
  readonly noun: string | undefined;
}

const auxiliaries = new Set([
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'has',
  'have',
  'had',
  'can',
  'could',
  'will',
  'would',
  'should',
]);
const prepositions = new Set([
  'in',
  'on',
  'at',
  'from',
  'to',
  'for',
  'by',
  'of',
  'during',
  'with',
  'into',
  'under',
]);
const wordLike = /[\p{L}\p{N}]/u;

function kindOf(kind: AnswerKind, noun?: string): AnswerType {
  return { kind, code: answerKinds.indexOf(kind), noun };
}

/**
 * The answer type of a tokenised question. `isNoun(index)` tells whether the token at `index` is a
 * noun (the tagger's view), so "which city" and "what year" find their nouns and "what is" does not.
 */
export function answerTypeOf(tokens: readonly WordToken[], isNoun: (index: number) => boolean): AnswerType {
  const words = tokens.map((token) => token.text.toLowerCase());
  // The first question word, after any leading preposition ("In which year …", "To whom …").
  let at = 0;
  while (at < words.length && (prepositions.has(words[at] as string) || !wordLike.test(words[at] as string)))
    at += 1;
  const first = words[at];
  if (first === undefined) return kindOf('other');
  const next = words[at + 1];
  if (first === 'who' || first === 'whom') return kindOf('who');
  if (first === 'whose') return kindOf('whose');
  if (first === 'when') return kindOf('when');
  if (first === 'where') return kindOf('where');
  if (first === 'why') return kindOf('why');
  if (first === 'how') {
    if (next === 'many') return kindOf('how-many', nounAfter(words, at + 2, isNoun));
    if (next === 'much') return kindOf('how-much');
    if (next === 'long') return kindOf('how-long');
    if (next === 'old') return kindOf('how-old');
    return kindOf('how');
  }
  if (first === 'which' || first === 'what') {
    const noun = nounAfter(words, at + 1, isNoun);
    if (noun === 'year' || noun === 'years' || noun === 'decade' || noun === 'century')
      return kindOf('year', noun);
    if (noun !== undefined) return kindOf('which-or-what-noun', noun);
    return kindOf('what', nounAfterVerb(words, at + 1, isNoun));
  }
  if (auxiliaries.has(first)) return kindOf('polar');
  // "Name the …", "In 1990, who …": a question word later on.
  for (let index = at + 1; index < words.length; index += 1) {
    const word = words[index] as string;
    if (['who', 'whom', 'when', 'where', 'which', 'what', 'how', 'whose'].includes(word)) {
      const rest = answerTypeOf(tokens.slice(index), (offset) => isNoun(index + offset));
      return rest;
    }
  }
  return kindOf('other');
}

/** The noun right after a question word, across adjectives ("which American city" → "city"). */
function nounAfter(
  words: readonly string[],
  from: number,
  isNoun: (index: number) => boolean,
): string | undefined {
  for (let index = from; index < Math.min(words.length, from + 4); index += 1) {
    const word = words[index] as string;
    if (auxiliaries.has(word) || !wordLike.test(word)) return undefined;
    if (isNoun(index)) {
      // The last noun of a compound ("which film festival" → "festival").
      let last = index;
      while (last + 1 < words.length && isNoun(last + 1) && !auxiliaries.has(words[last + 1] as string))
        last += 1;
      return words[last];
    }
  }
  return undefined;
}

/** "What is the name of the city …" → "city": the first noun after the verb that is not "name". */
function nounAfterVerb(
  words: readonly string[],
  from: number,
  isNoun: (index: number) => boolean,
): string | undefined {
  for (let index = from; index < Math.min(words.length, from + 6); index += 1) {
    const word = words[index] as string;
    if (isNoun(index) && word !== 'name' && word !== 'type' && word !== 'kind') return word;
  }
  return undefined;
}
