import { alternation, kinWords } from '@rootweaver/language-en';
import { tenseOf } from './kinship.js';
import { name } from './patterns.js';
import { personNoun } from './person.js';
import type { RelationFamily } from './relation-family.js';
import { isPerson, trimAnswer } from './sentence-context.js';

/** "Ana Lund's son", "Orlen's mayor": a possessive subject that names a person by relation or office. */
const personPossessive = new RegExp(
  `['’]s?\\s+(?:\\p{Ll}+\\s+)?${alternation([
    ...kinWords().filter((word) => word !== 'parent' && word !== 'sibling' && word !== 'widower'),
    'partner',
    'successor',
    'predecessor',
    'founder',
    'director',
    'leader',
    'owner',
    'coach',
    'manager',
    'captain',
    'president',
    'chairman',
    'mayor',
    'king',
    'queen',
    'heir',
  ])}$`,
  'u',
);
const knownAsPattern = new RegExp(
  `\\b(?:better\\s+|also\\s+|professionally\\s+|commonly\\s+|popularly\\s+|simply\\s+)?known\\s+(?:professionally\\s+|simply\\s+)?as\\s+["“]?(${name})`,
  'u',
);
const rolePattern =
  /^the\s+([^,;()]+?\s+of\s+[^,;()]+?)(?=\s*(?:[,;().]|\s+(?:since|from|until|between|in\s+\d)\b|$))/u;
const descriptionPattern =
  /^(an?\s+[^;()]+?)(?=\s*(?:[;()]|(?<!\b\p{Lu})\.(?=\s|$)|,\s+(?:\p{Ll}|\d)|\s+(?:who|which|that|whose|where|since)\b|$))/u;

/**
 * What the subject is: "What is X?" → the copula's complement; "X is the director of Y" also answers
 * "Who is the director of Y?"; "X is a 1995 film directed by Y" answers "What is a 1995 film directed by Y?";
 * "known as" names.
 */
export const descriptionFamily: RelationFamily = {
  id: 'description',
  description: 'what the subject is, the roles and descriptions that name it, what it is known as',
  pattern: descriptionPattern,
  toPairs(context) {
    const { text, subject, add, kinds, copula } = context;
    if (copula !== undefined) {
      const { complement } = copula;
      const tense = tenseOf(copula.verb);
      const described = trimAnswer(
        complement.replace(/\s*\.$/, '').replace(/^(?:also|still|now|currently|once|formerly)\s+/u, ''),
      );
      if (
        /^(?:(?:also|still|now|currently|once|formerly)\s+)?(?:an?|the|one|\d|[\p{Lu}])\s*/u.test(complement)
      ) {
        const questionWord =
          (isPerson(subject, kinds, context.person) && !/['’]s?\s/u.test(subject)) ||
          personPossessive.test(subject)
            ? 'Who'
            : 'What';
        add(`${questionWord} ${tense} ${subject}?`, described, 'copula');
      }
      const personLike = context.person.person || kinds.get(subject) === 'person';
      const role = rolePattern.exec(complement);
      if (role?.[1] !== undefined) {
        const personRole = personNoun.test(role[1].split(' of ')[0] ?? '');
        add(`${personRole || personLike ? 'Who' : 'What'} ${tense} the ${role[1]}?`, subject, 'role');
      } else {
        const description = descriptionPattern.exec(complement)?.[1];
        const words = description?.split(' ').length ?? 0;
        if (description !== undefined && words >= 3 && words <= 24) {
          add(
            `${personLike ? 'Who' : 'What'} ${tense} ${description.replace(/[\s,;:]+$/u, '')}?`,
            subject,
            'described',
          );
        }
      }
    }
    const knownAs = knownAsPattern.exec(text);
    if (knownAs?.[1] !== undefined && text.startsWith(subject)) {
      const alias = trimAnswer(knownAs[1]);
      if (alias !== subject && /^\p{Lu}/u.test(alias)) {
        add(`What is ${subject} known as?`, alias, 'known-as');
        add(`What is the full name of ${alias}?`, subject, 'known-as');
      }
    }
  },
  examples: [
    {
      title: 'Ana Lund',
      sentence: 'Ana Lund is the director of the Orlen Museum. She is better known as Annie Lund.',
      pairs: [
        ['Who is Ana Lund?', 'the director of the Orlen Museum'],
        ['Who is the director of the Orlen Museum?', 'Ana Lund'],
        ['What is Ana Lund known as?', 'Annie Lund'],
      ],
    },
    {
      title: 'Salt Harbour',
      sentence: 'Salt Harbour is a 1994 drama film set in a fishing town.',
      pairs: [['What is a 1994 drama film set in a fishing town?', 'Salt Harbour']],
    },
  ],
};
