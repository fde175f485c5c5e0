export { HeuristicExtractor, inferAnswerType } from './heuristic-extractor.js';
