/**
 * English function words: articles, conjunctions, prepositions, pronouns, determiners and
 * quantifiers, question words, auxiliaries and modals, and the commonest sentence adverbs. Lower case.
 *
 * The one stop-word policy: text is compared (retrieval, key terms, answer overlap, duplicate
 * pairs) on its content words — every word that is not a function word. What a component drops on top
 * of that it says where it does it (the extractor also ignores the generic nouns a question names its
 * answer with, `questionNouns`).
 */
export const functionWords: ReadonlySet<string> = new Set(
  // articles, conjunctions, prepositions
  (
    'a an the and but or nor if then else so as than because while until unless although though whether either ' +
    'neither of at by for with without within about above across after against along among around before behind ' +
    'below beneath beside besides between beyond during except from into onto upon over under through throughout ' +
    'toward towards to up down in out on off via ' +
    // pronouns and possessives
    'i me my myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    "herself it its it's itself they them their theirs themselves " +
    // determiners and quantifiers
    'this that these those each every both some such other others another any anyone anything all few many much ' +
    'more most less least several same own only none no not yes ' +
    // question words
    'what which who whom whose when where why how whatever whichever whoever ' +
    // auxiliaries and modals
    'am is are was were be been being have has had having do does did doing done can could will would shall ' +
    'should may might must cannot ' +
    // sentence adverbs
    'also again further once here there now just very too still even ever never always often already yet however ' +
    'thus therefore hence instead rather quite ' +
    // contractions
    "that's there's what's who's don't doesn't didn't isn't aren't wasn't weren't hasn't haven't hadn't won't " +
    "wouldn't can't couldn't shouldn't"
  ).split(' '),
);

/**
 * Function words that still say which fact a question asks for: prepositions of place, time and
 * direction that also make phrasal verbs ("came up with", "ran out of", "after the war", "between two
 * rivers"), quantifiers and superlatives ("most", "only", "few") and negation. An extractor may ignore
 * them when it compares a candidate with a question; a retrieval query must keep them.
 */
export const relationalFunctionWords: ReadonlySet<string> = new Set(
  (
    'about above across after against along among around before behind below beneath beside besides between ' +
    'beyond during except onto upon over under through throughout toward towards up down out off via without ' +
    'within until ' +
    'few many much more most less least several same own only none no not other others another'
  ).split(' '),
);

/**
 * What a lexical retrieval query drops: the function words that carry no relation (articles,
 * pronouns, auxiliaries, question words, conjunctions, case-marking prepositions such as "of", "in",
 * "by"). BM25 already weighs common words down, so the store drops words only where they would add
 * noise to short pairs and cost scanning time; it keeps `relationalFunctionWords`.
 */
export const retrievalStopWords: ReadonlySet<string> = new Set(
  [...functionWords].filter((word) => !relationalFunctionWords.has(word)),
);

/** Whether a lower-cased word is a function word. */
export function isFunctionWord(word: string): boolean {
  return functionWords.has(word);
}

/**
 * Third-person pronouns and possessives, lower case: in a question they point back to something said
 * before ("Where did she study?"), so the question does not stand alone.
 */
export const thirdPersonPronouns: ReadonlySet<string> = new Set(
  'he she it they him her his its their them hers theirs'.split(' '),
);

/** The question words: function words, but they say what a question asks ("who" vs "when"). */
export const questionWords: ReadonlySet<string> = new Set(
  'what which who whom whose when where why how'.split(' '),
);

/**
 * Generic nouns a question names its answer's kind with ("What is the name of the film …?", "Which
 * person …?", "In what year …?"): they say what is asked, not what it is about.
 */
export const questionNouns: ReadonlySet<string> = new Set(
  'one ones name named called s film movie song album book person people place year date'.split(' '),
);

/** Auxiliary and modal verbs: a question that opens with one asks yes or no ("Did …", "Is …"). */
export const auxiliaryVerbs: ReadonlySet<string> = new Set(
  'is are was were am be do does did has have had can could will would shall should may might must'.split(
    ' ',
  ),
);

/**
 * Whether a question asks yes or no: it opens with an auxiliary verb and offers no alternatives
 * ("Is A older than B?" — yes; "Is A or B older?" — a choice).
 */
export function isPolarQuestion(question: string): boolean {
  const words = question
    .trim()
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word !== '');
  return words.length > 1 && auxiliaryVerbs.has(words[0] as string) && !words.includes('or');
}
