export { type CallScript, type FuzzCase, fuzzApiKey, fuzzCase, SeededRandom } from './fuzz-cases.js';
export {
  type FuzzFailure,
  type FuzzReport,
  type RunFuzzOptions,
  renderFuzzReport,
  runFuzz,
} from './run-fuzz.js';
