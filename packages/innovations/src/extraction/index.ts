export { inferAnswerType, isChoiceQuestion } from './answer-type.js';
export { type CountryMention, countryOf, findCountries, regionOf } from './countries.js';
export { type DateValue, findDates, findNumbers, type NumberValue, parseDate } from './dates.js';
export { HeuristicExtractor, type HeuristicExtractorOptions } from './heuristic-extractor.js';
export { capitalisedChunks, normaliseAnswer, quotedSpans, type TextSpan } from './text.js';
