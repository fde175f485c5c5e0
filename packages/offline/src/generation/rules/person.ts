import { alternation, officeNouns, personRoleNouns } from '@rootweaver/language-en';
import { tenseOf } from './kinship.js';
import { locationPattern } from './location.js';
import { clauseEnd, name } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import {
  governedBySubject,
  isPerson,
  matchesWithCue,
  nameLike,
  trimAnswer,
  whoOrWhat,
} from './sentence-context.js';
import { demonymLike, workPattern } from './works.js';

const occupationPattern = new RegExp(
  `^an?\\s+(?:former\\s+|retired\\s+|professional\\s+)?(?:(${name})\\s+)?((?:[\\p{Ll}\\-]+)(?:\\s+[\\p{Ll}\\-]+){0,2}?(?:(?:,\\s+|\\s+and\\s+)[\\p{Ll}\\-]+(?:\\s+[\\p{Ll}\\-]+){0,2}?)*?)${clauseEnd.replace('(?=', '(?=\\s+(?:of|from|for|in|with|born|best|known)\\b|')}`,
  'u',
);
export const personNoun = new RegExp(`\\b${alternation(personRoleNouns)}\\b`, 'u');
/** "X served as the first Deputy Minister of Orlen": a capitalised office of a named place or body. */
const servedOfficePattern = new RegExp(
  `\\b(?:served\\s+as|became|(?:was|is)\\s+(?:named|appointed|elected)(?:\\s+as)?)\\s+(?:the\\s+)?((?:(?:first|second|third|last|\\d+(?:st|nd|rd|th))\\s+)?[\\p{Lu}][\\p{L}-]*(?:\\s+[\\p{Lu}][\\p{L}-]*){0,3}\\s+of\\s+(?:the\\s+)?${name})`,
  'gu',
);
const office = alternation(officeNouns).replaceAll(' ', '\\s+');
const officeCue = new RegExp(
  `\\b(?:CEO|chief|${alternation(officeNouns.filter((noun) => !noun.includes(' ')))}|coach)\\b`,
  'u',
);
const officeLead =
  '(?:(?:then|former|current|longtime|new)\\s+)?(?:(?:founder|co-founder|president|chairman)\\s+and\\s+)?';
const possessiveOfficePattern = new RegExp(
  `(${name})['’]s?\\s+${officeLead}(${office})\\s*,?\\s+(${name})`,
  'gu',
);
const appositiveOfficePattern = new RegExp(
  `(${name}),\\s+(?:the\\s+)?${officeLead}(${office})\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);
const becameOfficePattern = new RegExp(
  `\\b(?:named|appointed|became|served\\s+as|elected|promoted\\s+to)\\s+(?:the\\s+)?${officeLead}(${office})\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);

/** What a person is and does: occupation and nationality ("a Veltrian painter"), offices held. Marks the subject a person. */
export const personFamily: RelationFamily = {
  id: 'person',
  description: 'occupation, nationality and offices held',
  pattern: occupationPattern,
  toPairs(context) {
    const { text, subject, add, copula } = context;
    if (copula !== undefined) {
      const { complement } = copula;
      const tense = tenseOf(copula.verb);
      const occupation = occupationPattern.exec(complement);
      if (
        occupation !== null &&
        workPattern.exec(complement) === null &&
        locationPattern.exec(complement) === null
      ) {
        const [, nationality, role] = occupation;
        const personLike = role !== undefined && personNoun.test(role);
        if (personLike) context.person.person = true;
        if (
          nationality !== undefined &&
          demonymLike.test(nationality) &&
          (personLike || context.person.person)
        )
          add(`What nationality ${tense} ${subject}?`, nationality, 'nationality');
        if (personLike && role !== undefined)
          add(`What ${tense} ${subject}'s occupation?`, role, 'occupation');
      }
    }
    for (const match of matchesWithCue(
      servedOfficePattern,
      /\b(?:served|became|named|appointed|elected)\b/u,
      text,
    )) {
      const held = match[1];
      if (held === undefined || !governedBySubject(text, subject, match.index ?? 0)) continue;
      if (!isPerson(subject, context.kinds, context.person) && whoOrWhat(subject, context.kinds) !== 'Who')
        continue;
      add(`Who was the ${trimAnswer(held)}?`, subject, 'served-office');
      add(`What office did ${subject} hold?`, trimAnswer(held), 'served-office');
    }
    for (const match of matchesWithCue(possessiveOfficePattern, officeCue, text)) {
      const [, rawOrganisation, held, rawHolder] = match;
      if (rawOrganisation === undefined || held === undefined || rawHolder === undefined) continue;
      const organisation = trimAnswer(rawOrganisation);
      const holder = trimAnswer(rawHolder);
      if (!nameLike(organisation) || !nameLike(holder) || holder === organisation) continue;
      if (whoOrWhat(holder, context.kinds) !== 'Who') continue;
      add(`Who is the ${held} of ${organisation}?`, holder, 'office');
    }
    for (const match of matchesWithCue(appositiveOfficePattern, officeCue, text)) {
      const [, rawHolder, held, rawOrganisation] = match;
      if (rawHolder === undefined || held === undefined || rawOrganisation === undefined) continue;
      const holder = trimAnswer(rawHolder);
      const organisation = trimAnswer(rawOrganisation);
      if (!nameLike(holder) || whoOrWhat(holder, context.kinds) !== 'Who' || /['’]s\s/u.test(organisation))
        continue;
      add(`Who is the ${held} of ${organisation}?`, holder, 'office');
    }
    for (const match of matchesWithCue(becameOfficePattern, officeCue, text)) {
      const [, held, rawOrganisation] = match;
      if (
        held === undefined ||
        rawOrganisation === undefined ||
        !governedBySubject(text, subject, match.index ?? 0)
      )
        continue;
      add(`Who was the ${held} of ${trimAnswer(rawOrganisation)}?`, subject, 'office');
    }
  },
  examples: [
    {
      title: 'Ana Lund',
      sentence:
        'Ana Lund was a Veltrian painter and sculptor. She served as the first Deputy Mayor of Orlen.',
      pairs: [
        ['What nationality was Ana Lund?', 'Veltrian'],
        ["What was Ana Lund's occupation?", 'painter and sculptor'],
        ['Who was the first Deputy Mayor of Orlen?', 'Ana Lund'],
      ],
    },
    {
      title: 'Gull House Press',
      sentence: "Gull House Press's chairman, Ivo Brand, met Mara Quill, the CEO of Tern Records.",
      pairs: [
        ['Who is the chairman of Gull House Press?', 'Ivo Brand'],
        ['Who is the CEO of Tern Records?', 'Mara Quill'],
      ],
    },
  ],
};
