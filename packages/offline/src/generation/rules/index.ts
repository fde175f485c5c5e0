import { activeVerbsFamily } from './active-verbs.js';
import { agentsFamily } from './agents.js';
import { castFamily } from './cast.js';
import { descriptionFamily } from './description.js';
import { kinshipFamily } from './kinship.js';
import { lifeFamily } from './life.js';
import { locationFamily } from './location.js';
import { membershipFamily } from './membership.js';
import { namedAfterFamily } from './named-after.js';
import { personFamily } from './person.js';
import { placeVerbsFamily } from './place-verbs.js';
import { populationFamily } from './population.js';
import type { RelationFamily } from './relation-family.js';
import { riversFamily } from './rivers.js';
import { seatsFamily } from './seats.js';
import { whenWhereFamily } from './when-where.js';
import { worksFamily } from './works.js';

export type { RelationFamily, RuleExample } from './relation-family.js';
export type { SentenceContext } from './sentence-context.js';

/**
 * The rule-based generator's relation families, in the order they run on a sentence. The families that
 * find out the subject is a person (life, kinship, person) run before those that ask "Who" or "What"
 * by it.
 */
export const relationFamilies: readonly RelationFamily[] = [
  lifeFamily,
  kinshipFamily,
  personFamily,
  worksFamily,
  locationFamily,
  descriptionFamily,
  agentsFamily,
  activeVerbsFamily,
  placeVerbsFamily,
  membershipFamily,
  castFamily,
  whenWhereFamily,
  populationFamily,
  riversFamily,
  seatsFamily,
  namedAfterFamily,
];
