// The fakes of the ports live in @rootweaver/core/test; they are re-exported here for engine tests.
export * from '@rootweaver/core/test';
export { citeLineWith, promptOf } from './engine-scripts.js';
export { engineWorldItems, lastAnswerComposition, placeholderGrounding } from './engine-world.js';
export { founderChainItems } from './founder-chain.js';
export { type QaHitOptions, qaHit } from './qa-hit.js';
