export { HeuristicExtractor, type HeuristicExtractorOptions } from './heuristic-extractor.js';
