import { administrativeUnits, alternation, placeNouns } from '@rootweaver/language-en';
import { tenseOf } from './kinship.js';
import { name, place, placePart, startsWithDate } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import {
  firstWithCue,
  governedBySubject,
  isPerson,
  nameLike,
  plausibleSubject,
  type SentenceContext,
  trimAnswer,
  wordTags,
} from './sentence-context.js';

/** "a village in the Tern district of Orlen", "a museum located in …". */
export const locationPattern = new RegExp(
  `^an?\\s+(?:[\\p{L}\\-]+\\s+){0,4}?${alternation(placeNouns)}\\s+(?:(?:located|situated|based|lying)\\s+)?(?:in|on|near|within)\\s+(${place})`,
  'u',
);
const locatedPattern = new RegExp(
  `\\b(is|was|are|were)\\s+(?:\\w+ly\\s+)?(?:located|situated|based|headquartered|found)\\s+(?:in|on|at|near|within)\\s+(${place})`,
  'u',
);
const headquartersPattern = new RegExp(
  `(${name})['’]s?\\s+(?:headquarters|head\\s+office|main\\s+office)\\s+(?:is|are|was|were)\\s+(?:(?:located|based|situated)\\s+)?(?:in|at)\\s+(${place})`,
  'u',
);
const headquarteredPattern = new RegExp(
  `\\b(?:headquartered|has\\s+its\\s+headquarters)\\s+(?:in|at)\\s+(${place})`,
  'u',
);
/** "X started in Tern Harbour, Orlen", "X was formed in Gull Bay". */
const originPattern = new RegExp(
  `\\b(?:started|began|originated|(?:was|were)\\s+(?:founded|formed|established|started))\\s+(?:\\p{Ll}+ly\\s+)?in\\s+(${place})`,
  'u',
);
const administrativeUnit = new RegExp(`\\b(${alternation(administrativeUnits)})$`, 'u');
const placePartLead = new RegExp(
  `^(?:the\\s+)?(?:[\\p{Ll}-]+\\s+){0,2}${placePart}\\s+of\\s+(?:the\\s+)?`,
  'u',
);

/** "Tern County, Orlen, Veltria": typed pairs for each part ("Which county…", "Which country…"). */
function locationParts(context: SentenceContext, tense: string, answer: string): void {
  const parts = answer
    .replace(placePartLead, '')
    .split(/,\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return;
  const verb = tense === 'are' || tense === 'were' ? tense : tense === 'was' ? 'was' : 'is';
  parts.forEach((part, index) => {
    const head = administrativeUnit.exec(part)?.[1];
    if (head !== undefined)
      context.add(`Which ${head.toLowerCase()} ${verb} ${context.subject} in?`, part, 'location-part');
    else if (index === parts.length - 1 && parts.length > 1 && wordTags.tagsOf(part).has('Country'))
      context.add(`Which country ${verb} ${context.subject} in?`, part, 'location-part');
    else if (index === 0 && parts.length > 1)
      context.add(`In which place ${verb} ${context.subject}?`, part, 'location-part');
  });
}

/** Where a place or an organisation is: "a village in …", "located in …", headquarters, where it started. */
export const locationFamily: RelationFamily = {
  id: 'location',
  description: 'where a place or organisation is, its headquarters and where it started',
  pattern: locationPattern,
  toPairs(context) {
    const { text, subject, add, copula } = context;
    if (copula !== undefined) {
      const tense = tenseOf(copula.verb);
      const location = locationPattern.exec(copula.complement);
      if (location?.[1] !== undefined) {
        add(`Where ${tense} ${subject}?`, trimAnswer(location[1]), 'location');
        locationParts(context, tense, trimAnswer(location[1]));
      }
    }
    const located = locatedPattern.exec(text);
    if (located?.[2] !== undefined) {
      add(`Where ${located[1] ?? 'is'} ${subject} located?`, trimAnswer(located[2]), 'located');
      locationParts(context, located[1] ?? 'is', trimAnswer(located[2]));
    }
    const origin = firstWithCue(
      originPattern,
      /\b(?:started|began|originated|founded|formed|established)\b/u,
      text,
    );
    if (origin?.[1] !== undefined && governedBySubject(text, subject, origin.index)) {
      const where = trimAnswer(origin[1]);
      // People "start in" games and roles; organisations start in places.
      if (
        !isPerson(subject, context.kinds, context.person) &&
        /^(?:the\s+)?\p{Lu}/u.test(where) &&
        !startsWithDate.test(where) &&
        !/['’]s?$/u.test(where)
      ) {
        add(`Where did ${subject} start?`, where, 'origin');
        add(`Where was ${subject} formed?`, where, 'origin');
      }
    }
    // Possessives from the original sentence unless it opens with one: a mid-sentence "its" may not be the title's.
    const possessiveSource = /^(?:His|Her|Its|Their)\s/u.test(context.original) ? text : context.original;
    const headquarters = firstWithCue(
      headquartersPattern,
      /\b(?:headquarters|head office|main office)\b/u,
      possessiveSource,
    );
    if (headquarters?.[1] !== undefined && headquarters[2] !== undefined) {
      const owner = trimAnswer(headquarters[1]);
      if (nameLike(owner))
        add(`Where is ${owner} headquartered?`, trimAnswer(headquarters[2]), 'headquarters');
    }
    const headquartered = firstWithCue(headquarteredPattern, /\bheadquarter/u, text);
    if (headquartered?.[1] !== undefined && plausibleSubject(subject)) {
      const between = text.slice(0, headquartered.index);
      const at = between.indexOf(subject);
      if (at >= 0 && !/[,;:]|\b(?:who|which|that|where|whose)\b/u.test(between.slice(at + subject.length)))
        add(`Where is ${subject} headquartered?`, trimAnswer(headquartered[1]), 'headquarters');
    }
  },
  examples: [
    {
      title: 'Tern Harbour',
      sentence: 'Tern Harbour is a village in Gull County, Veltria.',
      pairs: [
        ['Where is Tern Harbour?', 'Gull County, Veltria'],
        ['Which county is Tern Harbour in?', 'Gull County'],
      ],
    },
    {
      title: 'Brix Pies',
      sentence: 'Brix Pies is a pie chain that started in Orlen Falls. It is headquartered in Tern Harbour.',
      pairs: [
        ['Where did Brix Pies start?', 'Orlen Falls'],
        ['Where is Brix Pies headquartered?', 'Tern Harbour'],
      ],
    },
  ],
};
