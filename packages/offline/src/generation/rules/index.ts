import { lifeFamily } from './life.js';
import type { RelationFamily } from './relation-family.js';
import { worksFamily } from './works.js';

export type { RelationFamily, RuleExample } from './relation-family.js';
export type { SentenceContext } from './sentence-context.js';

/**
 * The rule-based generator's relation families, in the order they run on a sentence. Life marks the
 * subject a person before works asks about it. Fourteen more families (kinship, occupations and
 * offices, locations, descriptions, agents, active and place verbs, membership, cast, when/where,
 * population, rivers, seats, namesakes) were deleted by ADR-0020's test on the extraction set read as a
 * corpus (revision of 2026-12-05: "the offline generator's families").
 */
export const relationFamilies: readonly RelationFamily[] = [lifeFamily, worksFamily];
