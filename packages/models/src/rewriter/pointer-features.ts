import {
  creatorNouns,
  isFunctionWord,
  officeNouns,
  organisationNouns,
  personRoleNouns,
  placeNouns,
  workNouns,
} from '@rootweaver/language-en';
import { type PartOfSpeechTagger, partOfSpeechTags } from '../language/part-of-speech.js';
import {
  type AnalysedText,
  analyseText,
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

export { type PointerCandidate, pointerCandidates } from './pointer-candidates.js';

/** The features of every candidate phrase, in this order. The last row of an input is "no replacement". */
export const pointerFeatureNames = [
  // the sub-question and the answer (every row the same)
  'question tokens',
  'answer tokens',
  'answer words capitalised',
  'answer has a digit',
  'answer is a year-like number',
  'answer starts with an article',
  'tag of the last answer word',
  'answer words with a vector',
  'answer has a conjunction or comma',
  'cosine of the first answer word with given names',
  'answer cosine with person words',
  'answer cosine with place words',
  'answer cosine with work words',
  'answer cosine with organisation words',
  'answer cosine with time words',
  "share of the answer's words in the question",
  'personal pronouns in the question',
  'possessive determiners in the question',
  'demonstratives in the question',
  'relative words in the question',
  'reference words in the question',
  // the phrase
  'is no replacement',
  'phrase tokens',
  'phrase characters',
  'first token index',
  'tokens after the phrase',
  'relative start',
  'at the question start',
  'ends at the final punctuation',
  'is a personal pronoun',
  'is a subject pronoun',
  'is an object pronoun',
  'is a possessive determiner',
  'is a demonstrative alone',
  'first word class',
  'starts with a demonstrative',
  'starts with the',
  'starts with a or an',
  'starts with a possessive determiner',
  'demonstratives after the first word',
  'pronouns after the first word',
  'position of the first relative word',
  'relative words inside',
  'holds a reference word',
  'ends with a function word',
  'function words inside',
  'content words',
  'prepositions inside',
  'verbs inside',
  'commas inside',
  'unbalanced quotes or brackets',
  'tag of the first token',
  'tag of the last token',
  'tag of the head word',
  'tag two before',
  'tag before',
  'tag after',
  'tag two after',
  'word before class',
  'word after class',
  'word before is a preposition',
  'word after is a relative word',
  'word after continues a noun group',
  'word before continues a noun group',
  'word after is a verb',
  'word before is an auxiliary',
  'tokens back to an auxiliary',
  'verbs before the phrase',
  'verbs after the phrase',
  "holds the question's last verb",
  'word after is a preposition',
  'ends a noun group',
  'plural reference',
  'first token capitalised past the question start',
  'cuts a capitalised run',
  'share of phrase words capitalised',
  'has a digit',
  'head word position in the phrase',
  'head word information',
  'mean information of content words',
  'most informative word',
  'head word is a person noun',
  'head word is a place noun',
  'head word is an organisation noun',
  'head word is a work noun',
  'head word is a time noun',
  'cosine of the phrase with the answer',
  'cosine of the head word with the answer',
  "cosine of the head word with the answer's last word",
  'best word cosine with the answer',
  'head cosine minus the best head cosine',
  'phrase words without a vector',
  "share of the phrase's words in the answer",
  "share of the answer's words in the phrase",
  'the answer ends with the phrase',
  'demonstratives before the phrase',
  'pronouns before the phrase',
  'is the first reference of the question',
  'answer kind',
  'answer kind margin',
  'phrase kind',
  'phrase kind margin',
  'kind agreement',
  'phrase kind is the answer kind',
  'kind agreement minus the best',
  'answer person score',
  'phrase refers to a person',
  'tokens back to a relative word',
] as const;
export const pointerFeatureCount = pointerFeatureNames.length;
export type PointerFeatureName = (typeof pointerFeatureNames)[number];

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

/** Words that point back at something said before ("the person mentioned above", "the said company"). */
const referenceWords = new Set([
  'mentioned',
  'above',
  'aforementioned',
  'aforesaid',
  'said',
  'previous',
  'previously',
  'earlier',
  'former',
  'latter',
  'specified',
  'identified',
  'stated',
  'described',
  'noted',
  'referenced',
  'given',
  'named',
]);
const timeNouns = new Set([
  'year',
  'years',
  'date',
  'day',
  'month',
  'decade',
  'century',
  'period',
  'time',
  'era',
  'season',
  'age',
  'number',
  'amount',
  'figure',
]);
const personNouns = new Set([
  ...personRoleNouns,
  ...creatorNouns,
  ...officeNouns,
  'person',
  'people',
  'man',
  'woman',
  'individual',
  'figure',
]);
const placeNounSet = new Set(placeNouns);
const organisationNounSet = new Set(organisationNouns);
const workNounSet = new Set(workNouns);
/** Common English given names: their mean vector tells an answer that starts with a person's name. */
const givenNames = [
  'john',
  'mary',
  'david',
  'elizabeth',
  'michael',
  'anna',
  'robert',
  'maria',
  'james',
  'sarah',
];
/** Generic nouns of five kinds of thing: an answer's cosine with each mean says what it is likely to be. */
const kindWords = [
  ['person', 'man', 'woman', 'he', 'she', 'actor', 'politician', 'writer'],
  ['city', 'country', 'town', 'village', 'region', 'river', 'county'],
  ['film', 'album', 'song', 'novel', 'book', 'series', 'show'],
  ['company', 'club', 'team', 'band', 'organization', 'party', 'university'],
  ['year', 'date', 'month', 'season', 'century', 'day'],
];
/** Pronouns that stand for a person. */
const personPronouns = new Set(['he', 'she', 'him', 'her', 'his', 'who', 'whom', 'himself', 'herself']);

/** A kind profile: the most likely kind, its lead over the next, and a softmax over the kinds. */
interface KindProfile {
  readonly kind: number;
  readonly margin: number;
  readonly shares: readonly number[];
}

function profileOf(cosines: readonly number[]): KindProfile {
  let kind = 0;
  cosines.forEach((value, index) => {
    if (value > (cosines[kind] as number)) kind = index;
  });
  const second = Math.max(...cosines.filter((_, index) => index !== kind));
  const exps = cosines.map((value) => Math.exp(30 * value));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return { kind, margin: (cosines[kind] as number) - second, shares: exps.map((value) => value / total) };
}

const personProfile: KindProfile = { kind: 0, margin: 1, shares: [1, 0, 0, 0, 0] };

const pluralStarters = new Set(['these', 'those', 'they', 'them', 'their']);
const quotes = new Set(['"', '“', '”', "'", '‘', '’']);

const tag = (name: string): number => partOfSpeechTags.indexOf(name as (typeof partOfSpeechTags)[number]);
const auxiliary = tag('AUX');
const verb = tag('VERB');
const nounGroupTags = new Set([tag('NOUN'), tag('PROPN'), tag('ADJ'), tag('NUM')]);
const determinerTags = new Set([tag('DET'), tag('ADJ')]);

/** Drops a plural "s" for the lexicon look-ups ("directors" is a person noun). */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** A word's class for the trees: 0 none, 1 demonstrative, 2 "the", 3 "a"/"an", 4 possessive
 * determiner, 5 personal pronoun, 6 relative word, 7 other function word, 8 capitalised, 9 number,
 * 10 punctuation, 11 other content word. */
function wordClass(text: AnalysedText, index: number, atStart: boolean): number {
  if (index < 0 || index >= text.tokens.length) return 0;
  const word = text.lower[index] as string;
  if (demonstratives.has(word)) return isDemonstrativeAt(text, index) ? 1 : 6;
  if (word === 'the') return 2;
  if (word === 'a' || word === 'an') return 3;
  if (possessiveDeterminers.has(word) && word !== 'her') return 4;
  if (subjectPronouns.has(word) || objectPronouns.has(word)) return 5;
  if (relativeWords.has(word)) return 6;
  if (text.isWord[index] === 0) return 10;
  if (text.isFunction[index] === 1) return 7;
  if (text.hasDigit[index] === 1) return 9;
  if (text.isCapitalised[index] === 1 && !atStart) return 8;
  return 11;
}

function dot(a: Float32Array, aBase: number, b: Float32Array, bBase: number, dimension: number): number {
  let sum = 0;
  for (let k = 0; k < dimension; k += 1) sum += (a[aBase + k] as number) * (b[bBase + k] as number);
  return sum;
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
      ? dot(given.vectors, firstAnswerWord * dimension, names, 0, dimension)
      : 0;
  const kindMeans = kindWords.map(meanOf);
  const kindCosines = kindMeans.map((mean) => dot(answerMean, 0, mean, 0, dimension));
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
      cosine[index] = dot(asked.vectors, index * dimension, answerMean, 0, dimension);
      if (lastAnswerRow >= 0)
        lastCosine[index] = dot(
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
    return profileOf(kindMeans.map((mean) => dot(asked.vectors, index * dimension, mean, 0, dimension)));
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
