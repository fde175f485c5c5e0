export { abbreviations, isAbbreviation } from './abbreviations.js';
export { type Sentence, splitSentences } from './sentences.js';
