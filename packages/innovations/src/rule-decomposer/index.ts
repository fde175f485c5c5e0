export { decomposeByRules, namedEntities } from './decompose-by-rules.js';
