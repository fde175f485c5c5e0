export { inferAnswerType, isChoiceQuestion } from './answer-type.js';
export {
  AnswerTypeRouter,
  type AnswerTypeRouterOptions,
  answeringExtractorId,
  type ExtractorScope,
  routesTypedQuestions,
} from './answer-type-router.js';
export { type ReliabilityBin, type ReliabilityTable, reliabilityTable } from './calibration-bins.js';
export { type CountryMention, countryOf, findCountries, regionOf } from './countries.js';
export { type DateValue, findDates, findNumbers, type NumberValue, parseDate } from './dates.js';
export {
  type AnalysedCandidate,
  analyseCandidates,
  type CandidateAnalysis,
  HeuristicExtractor,
  type HeuristicExtractorOptions,
  heuristicConfidence,
} from './heuristic-extractor.js';
export { capitalisedChunks, escapeRegExp, normaliseAnswer, quotedSpans, type TextSpan } from './text.js';
export {
  AnalysedText,
  defaultMaxAnalysedTexts,
  type StemmedWord,
  TextAnalysisCache,
  type TextAnalysisCacheOptions,
} from './text-analysis.js';
