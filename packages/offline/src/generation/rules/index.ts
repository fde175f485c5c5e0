import type { RelationFamily } from './relation-family.js';
import { worksFamily } from './works.js';

export type { RelationFamily, RuleExample } from './relation-family.js';
export type { SentenceContext } from './sentence-context.js';

/**
 * The rule-based generator's relation families, in the order they run on a sentence: one is left, a
 * work's year, nationality and maker. Fifteen more (birth and death, kinship, occupations and offices,
 * locations, descriptions, agents, active and place verbs, membership, cast, when/where, population,
 * rivers, seats, namesakes) were deleted by ADR-0020's test with the extraction set read as a corpus
 * (revision of 2026-12-05, "the offline generator's families"). A family is one file here and one entry
 * in this list; `rules/relation-families.test.ts` holds it to its examples.
 */
export const relationFamilies: readonly RelationFamily[] = [worksFamily];
