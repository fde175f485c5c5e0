export { abbreviations, isAbbreviation } from './abbreviations.js';
export { type AgentVerb, agentVerb, agentVerbs, verbOfAgent } from './lexicon/agents.js';
export { alternation } from './lexicon/alternation.js';
export { type CountryEntry, countries } from './lexicon/countries.js';
export { nameConnectors, nameSuffixes } from './lexicon/names.js';
export {
  organisationNameHeads,
  organisationNouns,
  placeNameHeads,
  placeNouns,
} from './lexicon/places.js';
export { creatorNouns, officeNouns, personRoleNouns } from './lexicon/roles.js';
export { measureUnits } from './lexicon/units.js';
export { titleNouns, type WorkRelease, workKinds, workNouns } from './lexicon/works.js';
export { normaliseAnswer } from './normalise-answer.js';
export { possessiveOf } from './possessive.js';
export { type Sentence, splitSentences } from './sentences.js';
export { stem } from './stem.js';
export {
  auxiliaryVerbs,
  functionWords,
  isFunctionWord,
  isPolarQuestion,
  questionNouns,
  questionWords,
  relationalFunctionWords,
  retrievalStopWords,
  thirdPersonPronouns,
} from './stop-words.js';
export { tokenizeWords, type WordToken } from './words.js';
