import { isFunctionWord } from '@rootweaver/language-en';
import type { PartOfSpeechTagger } from '../language/part-of-speech.js';
import {
  type AnalysedText,
  analyseText,
  dotAt,
  normaliseInPlace,
  prefixSums,
} from '../span-ranker/analysed-text.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import {
  adposition,
  demonstratives,
  headOf,
  isClitic,
  isDemonstrativeAt,
  nounTags,
  objectPronouns,
  type PointerCandidate,
  pointerCandidates,
  possessiveDeterminers,
  relativeWords,
  subjectPronouns,
  verbTags,
} from './pointer-candidates.js';
import { pointerFeatureCount } from './pointer-feature-names.js';
import {
  auxiliary,
  determinerTags,
  givenNames,
  kindWords,
  nounGroupTags,
  organisationNounSet,
  personNouns,
  personProfile,
  personPronouns,
  placeNounSet,
  pluralStarters,
  profileOf,
  quotes,
  referenceWords,
  singular,
  timeNouns,
  verb,
  wordClass,
  workNounSet,
} from './pointer-words.js';

export { type PointerCandidate, pointerCandidates } from './pointer-candidates.js';
export {
  type PointerFeatureName,
  pointerFeatureCount,
  pointerFeatureNames,
} from './pointer-feature-names.js';

/** A sub-question and an answer, analysed, with every candidate phrase and its features. */
export interface PointerInput {
  readonly question: AnalysedText;
  readonly candidates: readonly PointerCandidate[];
  /** `(candidates.length + 1) × pointerFeatureCount`, row-major; the last row is "no replacement". */
  readonly features: Float32Array;
}

export interface PointerOptions {
  readonly vectors: WordVectorTable;
  readonly tagger?: PartOfSpeechTagger | undefined;
  /** The longest phrase considered, in tokens. */
  readonly maxSpanTokens: number;
}

/**
 * Analyses a sub-question and a parent's answer and writes every candidate phrase's features (the
 * trees' input): what the phrase is (a pronoun, "this X", "the X who …"), where it sits, its words'
 * parts of speech and its neighbours', and how its words compare with the answer's. Pure given its inputs.
 */
export function featurisePointer(question: string, answer: string, options: PointerOptions): PointerInput {
  const { vectors, tagger, maxSpanTokens } = options;
  const dimension = vectors.dimension;
  const asked = analyseText(question, vectors, tagger);
  const given = analyseText(answer, vectors, tagger);
  const n = asked.tokens.length;
  const candidates = pointerCandidates(asked, maxSpanTokens);

  // The answer: its unit mean vector, its words, its look.
  const answerWords = given.lower.filter((_, index) => given.isWord[index] === 1);
  const answerContent = given.stems.filter(
    (_, index) => given.isWord[index] === 1 && given.isFunction[index] === 0,
  );
  const answerStems = new Set(given.stems);
  const answerMean = new Float32Array(dimension);
  let answerKnown = 0;
  let lastAnswerWord = -1;
  for (let index = 0; index < given.tokens.length; index += 1) {
    if (given.isWord[index] === 0) continue;
    lastAnswerWord = index;
    if ((given.rows[index] as number) < 0) continue;
    answerKnown += 1;
    if (given.isFunction[index] === 1) continue;
    for (let k = 0; k < dimension; k += 1)
      answerMean[k] = (answerMean[k] as number) + (given.vectors[index * dimension + k] as number);
  }
  normaliseInPlace(answerMean);
  const meanOf = (list: readonly string[]): Float32Array => {
    const mean = new Float32Array(dimension);
    for (const word of list) {
      const row = vectors.rowOf(word);
      if (row >= 0) vectors.addRow(row, mean, 0);
    }
    return normaliseInPlace(mean);
  };
  const names = meanOf(givenNames);
  const firstAnswerWord = given.isWord.indexOf(1);
  const givenNameCosine =
    firstAnswerWord >= 0 && (given.rows[firstAnswerWord] as number) >= 0
      ? dotAt(given.vectors, firstAnswerWord * dimension, names, 0, dimension)
      : 0;
  const kindMeans = kindWords.map(meanOf);
  const kindCosines = kindMeans.map((mean) => dotAt(answerMean, 0, mean, 0, dimension));
  // What the answer is likely to be (a name counts for a person) and what each word of the question is.
  const answerKind = profileOf(
    kindCosines.map((value, kind) => (kind === 0 ? Math.max(value, givenNameCosine) : value)),
  );
  const answerHasConjunction = given.lower.some((word) => word === 'and' || word === ',' || word === '&');
  const lastAnswerRow =
    lastAnswerWord >= 0 && (given.rows[lastAnswerWord] as number) >= 0 ? lastAnswerWord : -1;

  // The question: each word's cosine with the answer, its class, the references in it.
  const questionStems = new Set(asked.stems);
  const cosine = new Float32Array(n);
  const lastCosine = new Float32Array(n);
  const isPronoun = new Uint8Array(n);
  const isDemonstrative = new Uint8Array(n);
  let pronouns = 0;
  let possessives = 0;
  let demonstrativeCount = 0;
  let relatives = 0;
  let references = 0;
  for (let index = 0; index < n; index += 1) {
    const word = asked.lower[index] as string;
    if ((asked.rows[index] as number) >= 0) {
      cosine[index] = dotAt(asked.vectors, index * dimension, answerMean, 0, dimension);
      if (lastAnswerRow >= 0)
        lastCosine[index] = dotAt(
          asked.vectors,
          index * dimension,
          given.vectors,
          lastAnswerRow * dimension,
          dimension,
        );
    }
    if (subjectPronouns.has(word) || objectPronouns.has(word) || possessiveDeterminers.has(word)) {
      isPronoun[index] = 1;
      if (possessiveDeterminers.has(word)) possessives += 1;
      if (subjectPronouns.has(word) || objectPronouns.has(word)) pronouns += 1;
    }
    if (isDemonstrativeAt(asked, index)) {
      isDemonstrative[index] = 1;
      demonstrativeCount += 1;
    }
    if (index > 0 && relativeWords.has(word) && isDemonstrative[index] === 0) relatives += 1;
    if (referenceWords.has(word)) references += 1;
  }
  const wordKinds = Array.from({ length: n }, (_, index) => {
    const word = asked.lower[index] as string;
    if (personPronouns.has(word)) return personProfile;
    if ((asked.rows[index] as number) < 0 || asked.isFunction[index] === 1) return undefined;
    return profileOf(kindMeans.map((mean) => dotAt(asked.vectors, index * dimension, mean, 0, dimension)));
  });
  // Where the question's verbs are: a phrase is rarely cut across the clause its verb heads.
  const verbsUpTo = new Int32Array(n + 1);
  let lastVerb = -1;
  let lastAuxiliary = -1;
  const auxiliaryBefore = new Int32Array(n);
  for (let index = 0; index < n; index += 1) {
    auxiliaryBefore[index] = lastAuxiliary;
    const isVerb = asked.tags[index] === verb;
    verbsUpTo[index + 1] = (verbsUpTo[index] as number) + (isVerb ? 1 : 0);
    if (isVerb) lastVerb = index;
    if (asked.tags[index] === auxiliary) lastAuxiliary = index;
  }
  const firstReference = (() => {
    for (let index = 0; index < n; index += 1)
      if (isPronoun[index] === 1 || isDemonstrative[index] === 1) return index;
    return -1;
  })();
  const heads = candidates.map((candidate) => headOf(asked, candidate.first, candidate.last));
  const bestHeadCosine = heads.reduce(
    (best, head) => Math.max(best, head < 0 ? 0 : (cosine[head] as number)),
    0,
  );
  const sums = prefixSums(asked, dimension);
  const lastWordIndex = (() => {
    for (let index = n - 1; index >= 0; index -= 1) if (asked.isWord[index] === 1) return index;
    return -1;
  })();

  // Each phrase's kind: its pronoun's, else its head word's; and how well it agrees with the answer's.
  const phraseKinds = candidates.map((candidate, row) => {
    const word = asked.lower[candidate.first] as string;
    const single = candidate.first === candidate.last;
    const head = heads[row] as number;
    if (single && personPronouns.has(word)) return personProfile;
    if ((single && isPronoun[candidate.first] === 1) || head < 0) return undefined;
    return wordKinds[head];
  });
  const agreements = phraseKinds.map((kind) =>
    kind === undefined
      ? -1
      : kind.shares.reduce((sum, share, index) => sum + share * (answerKind.shares[index] as number), 0),
  );
  const bestAgreement = agreements.reduce((best, value) => Math.max(best, value), -1);
  const answerPersonScore = Math.max(givenNameCosine, kindCosines[0] as number);
  let lastRelative = -1;
  const relativeBefore = new Int32Array(n);
  for (let index = 0; index < n; index += 1) {
    relativeBefore[index] = lastRelative;
    if (index > 0 && relativeWords.has(asked.lower[index] as string) && isDemonstrative[index] === 0)
      lastRelative = index;
  }

  const count = pointerFeatureCount;
  const features = new Float32Array((candidates.length + 1) * count);
  const writeShared = (row: number): number => {
    let k = row * count;
    features[k++] = n;
    features[k++] = answerWords.length;
    features[k++] =
      answerWords.length === 0
        ? 0
        : given.isCapitalised.reduce(
            (sum, value, index) => sum + (given.isWord[index] === 1 ? value : 0),
            0,
          ) / answerWords.length;
    features[k++] = given.hasDigit.some((value) => value === 1) ? 1 : 0;
    features[k++] = /^(1\d|20)\d\d$/u.test(answer.trim()) ? 1 : 0;
    features[k++] = /^(the|a|an)$/u.test(given.lower[0] ?? '') ? 1 : 0;
    features[k++] = lastAnswerWord < 0 ? -1 : (given.tags[lastAnswerWord] as number);
    features[k++] = answerWords.length === 0 ? 0 : answerKnown / answerWords.length;
    features[k++] = answerHasConjunction ? 1 : 0;
    features[k++] = givenNameCosine;
    for (const value of kindCosines) features[k++] = value;
    features[k++] =
      answerContent.length === 0
        ? 0
        : answerContent.filter((word) => questionStems.has(word)).length / answerContent.length;
    features[k++] = pronouns;
    features[k++] = possessives;
    features[k++] = demonstrativeCount;
    features[k++] = relatives;
    features[k++] = references;
    return k;
  };

  candidates.forEach((candidate, row) => {
    let k = writeShared(row);
    const { first, last } = candidate;
    const length = last - first + 1;
    const firstWord = asked.lower[first] as string;
    const head = heads[row] as number;
    let demonstrativesAfter = 0;
    let pronounsAfter = 0;
    let relativeAt = -1;
    let relativeCount = 0;
    let reference = 0;
    let functionCount = 0;
    let contentCount = 0;
    let prepositions = 0;
    let verbs = 0;
    let commas = 0;
    let quoteMarks = 0;
    let brackets = 0;
    let capitalised = 0;
    let words = 0;
    let digits = 0;
    let information = 0;
    let mostInformative = 0;
    let bestCosine = Number.NEGATIVE_INFINITY;
    let withoutVector = 0;
    let inAnswer = 0;
    const phraseStems = new Set<string>();
    for (let index = first; index <= last; index += 1) {
      const word = asked.lower[index] as string;
      if (index > first) {
        if (isDemonstrative[index] === 1) demonstrativesAfter += 1;
        if (isPronoun[index] === 1) pronounsAfter += 1;
        if (relativeWords.has(word) && isDemonstrative[index] === 0) {
          relativeCount += 1;
          if (relativeAt < 0) relativeAt = index - first;
        }
      }
      if (referenceWords.has(word)) reference = 1;
      if (word === ',') commas += 1;
      if (quotes.has(word)) quoteMarks += 1;
      if (word === '(' || word === '[') brackets += 1;
      if (word === ')' || word === ']') brackets -= 1;
      if (asked.tags[index] === adposition) prepositions += 1;
      if (verbTags.has(asked.tags[index] as number)) verbs += 1;
      if (asked.isWord[index] === 0) continue;
      words += 1;
      phraseStems.add(asked.stems[index] as string);
      if (answerStems.has(asked.stems[index] as string)) inAnswer += 1;
      if (asked.hasDigit[index] === 1) digits += 1;
      if (asked.isCapitalised[index] === 1 && index > 0) capitalised += 1;
      if ((asked.rows[index] as number) < 0) withoutVector += 1;
      else bestCosine = Math.max(bestCosine, cosine[index] as number);
      if (asked.isFunction[index] === 1) functionCount += 1;
      else {
        contentCount += 1;
        const weight = asked.weights[index] as number;
        information += weight;
        mostInformative = Math.max(mostInformative, weight);
      }
    }
    let phraseCosine = 0;
    {
      let phraseNorm = 0;
      let product = 0;
      for (let k2 = 0; k2 < dimension; k2 += 1) {
        const value =
          (sums[(last + 1) * dimension + k2] as number) - (sums[first * dimension + k2] as number);
        phraseNorm += value * value;
        product += value * (answerMean[k2] as number);
      }
      phraseCosine = phraseNorm > 0 ? product / Math.sqrt(phraseNorm) : 0;
    }
    const headWord = head < 0 ? '' : singular(asked.lower[head] as string);
    const tagAt = (index: number): number => (index < 0 || index >= n ? -2 : (asked.tags[index] as number));
    const before = first - 1;
    const after = last + 1;
    const afterWord = asked.lower[after] ?? '';
    const answerEndsWithPhrase =
      words > 0 &&
      answerWords.length >= words &&
      answerWords.slice(answerWords.length - words).join(' ') ===
        asked.lower
          .slice(first, last + 1)
          .filter((_, offset) => asked.isWord[first + offset] === 1)
          .join(' ');

    features[k++] = 0;
    features[k++] = length;
    features[k++] = candidate.end - candidate.start;
    features[k++] = first;
    features[k++] = Math.max(0, lastWordIndex - last);
    features[k++] = n === 0 ? 0 : first / n;
    features[k++] = first === 0 ? 1 : 0;
    features[k++] = last >= lastWordIndex ? 1 : 0;
    features[k++] = length === 1 && (subjectPronouns.has(firstWord) || objectPronouns.has(firstWord)) ? 1 : 0;
    features[k++] = length === 1 && subjectPronouns.has(firstWord) ? 1 : 0;
    features[k++] = length === 1 && objectPronouns.has(firstWord) ? 1 : 0;
    features[k++] =
      length === 1 &&
      possessiveDeterminers.has(firstWord) &&
      (firstWord !== 'her' || (afterWord !== '' && asked.isWord[after] === 1 && !isFunctionWord(afterWord)))
        ? 1
        : 0;
    features[k++] = length === 1 && demonstratives.has(firstWord) ? 1 : 0;
    features[k++] = wordClass(asked, first, first === 0);
    features[k++] = isDemonstrative[first] as number;
    features[k++] = firstWord === 'the' ? 1 : 0;
    features[k++] = firstWord === 'a' || firstWord === 'an' ? 1 : 0;
    features[k++] = possessiveDeterminers.has(firstWord) ? 1 : 0;
    features[k++] = demonstrativesAfter;
    features[k++] = pronounsAfter;
    features[k++] = relativeAt;
    features[k++] = relativeCount;
    features[k++] = reference;
    features[k++] = asked.isFunction[last] === 1 ? 1 : 0;
    features[k++] = functionCount;
    features[k++] = contentCount;
    features[k++] = prepositions;
    features[k++] = verbs;
    features[k++] = commas;
    features[k++] = quoteMarks % 2 === 1 || brackets !== 0 ? 1 : 0;
    features[k++] = tagAt(first);
    features[k++] = tagAt(last);
    features[k++] = head < 0 ? -2 : tagAt(head);
    features[k++] = tagAt(first - 2);
    features[k++] = tagAt(before);
    features[k++] = tagAt(after);
    features[k++] = tagAt(after + 1);
    features[k++] = wordClass(asked, before, before === 0);
    features[k++] = wordClass(asked, after, false);
    features[k++] = before >= 0 && asked.tags[before] === adposition ? 1 : 0;
    features[k++] = after < n && relativeWords.has(afterWord) && isDemonstrative[after] === 0 ? 1 : 0;
    features[k++] =
      after < n && nounGroupTags.has(asked.tags[after] as number) && asked.isFunction[after] === 0 ? 1 : 0;
    features[k++] =
      before >= 0 &&
      determinerTags.has(asked.tags[before] as number) &&
      !isClitic(asked.lower[before] as string)
        ? 1
        : isClitic(asked.lower[before] ?? '')
          ? 2
          : 0;
    features[k++] = after < n && verbTags.has(asked.tags[after] as number) ? 1 : 0;
    features[k++] = before >= 0 && asked.tags[before] === auxiliary ? 1 : 0;
    features[k++] = (auxiliaryBefore[first] as number) < 0 ? -1 : first - (auxiliaryBefore[first] as number);
    features[k++] = verbsUpTo[first] as number;
    features[k++] = (verbsUpTo[n] as number) - (verbsUpTo[last + 1] as number);
    features[k++] = lastVerb >= first && lastVerb <= last ? 1 : 0;
    features[k++] = after < n && asked.tags[after] === adposition ? 1 : 0;
    features[k++] =
      nounTags.has(asked.tags[last] as number) &&
      !(after < n && nounTags.has(asked.tags[after] as number) && asked.isFunction[after] === 0)
        ? 1
        : 0;
    features[k++] =
      pluralStarters.has(firstWord) || (head >= 0 && /[^s]s$/u.test(asked.lower[head] as string)) ? 1 : 0;
    features[k++] = first > 0 && asked.isCapitalised[first] === 1 ? 1 : 0;
    features[k++] =
      (asked.isCapitalised[last] === 1 && after < n && asked.isCapitalised[after] === 1) ||
      (first > 1 && asked.isCapitalised[first] === 1 && asked.isCapitalised[before] === 1)
        ? 1
        : 0;
    features[k++] = words === 0 ? 0 : capitalised / words;
    features[k++] = digits > 0 ? 1 : 0;
    features[k++] = head < 0 ? -1 : head - first;
    features[k++] = head < 0 ? 0 : (asked.weights[head] as number);
    features[k++] = contentCount === 0 ? 0 : information / contentCount;
    features[k++] = mostInformative;
    features[k++] = personNouns.has(headWord) ? 1 : 0;
    features[k++] = placeNounSet.has(headWord) ? 1 : 0;
    features[k++] = organisationNounSet.has(headWord) ? 1 : 0;
    features[k++] = workNounSet.has(headWord) ? 1 : 0;
    features[k++] = timeNouns.has(headWord) ? 1 : 0;
    features[k++] = phraseCosine;
    features[k++] = head < 0 ? 0 : (cosine[head] as number);
    features[k++] = head < 0 ? 0 : (lastCosine[head] as number);
    features[k++] = Number.isFinite(bestCosine) ? bestCosine : 0;
    features[k++] = (head < 0 ? 0 : (cosine[head] as number)) - bestHeadCosine;
    features[k++] = withoutVector;
    features[k++] = words === 0 ? 0 : inAnswer / words;
    features[k++] =
      answerContent.length === 0
        ? 0
        : answerContent.filter((word) => phraseStems.has(word)).length / answerContent.length;
    features[k++] = answerEndsWithPhrase ? 1 : 0;
    let demonstrativesBefore = 0;
    let pronounsBefore = 0;
    for (let index = 0; index < first; index += 1) {
      demonstrativesBefore += isDemonstrative[index] as number;
      pronounsBefore += isPronoun[index] as number;
    }
    features[k++] = demonstrativesBefore;
    features[k++] = pronounsBefore;
    features[k++] = firstReference >= first && firstReference <= last ? 1 : 0;
    const phraseKind = phraseKinds[row];
    const agreement = agreements[row] as number;
    features[k++] = answerKind.kind;
    features[k++] = answerKind.margin;
    features[k++] = phraseKind === undefined ? -1 : phraseKind.kind;
    features[k++] = phraseKind === undefined ? -1 : phraseKind.margin;
    features[k++] = agreement;
    features[k++] = phraseKind === undefined ? -1 : phraseKind.kind === answerKind.kind ? 1 : 0;
    features[k++] = phraseKind === undefined ? -2 : agreement - bestAgreement;
    features[k++] = answerPersonScore;
    features[k++] =
      phraseKind === personProfile || personNouns.has(headWord)
        ? 1
        : phraseKind === undefined
          ? -1
          : phraseKind.kind === 0
            ? 1
            : 0;
    features[k++] = (relativeBefore[first] as number) < 0 ? -1 : first - (relativeBefore[first] as number);
    if (k !== (row + 1) * count) throw new Error(`pointer features: wrote ${k - row * count} of ${count}`);
  });

  // The "no replacement" row: the shared features, every phrase feature at a value no phrase has.
  const none = candidates.length;
  const at = writeShared(none);
  features[at] = 1;
  features.fill(-2, at + 1, (none + 1) * count);
  return { question: asked, candidates, features };
}
