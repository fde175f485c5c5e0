export { decomposeByRules } from './decompose-by-rules.js';
