import { alternation, kinWords, personRoleNouns } from '@rootweaver/language-en';
import { name } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { matchesWithCue, nameLike, trimAnswer } from './sentence-context.js';

const familyPattern = new RegExp(
  `^(?:the\\s+)?(?:(?:eldest|youngest|only|second|third|illegitimate|adopted|elder|younger)\\s+)?(${alternation(kinWords().filter((word) => !['parent', 'spouse', 'sibling'].includes(word)))})\\s+of\\s+(?:the\\s+)?(${name})`,
  'u',
);
const marriedPattern = new RegExp(
  `\\bmarried\\s+(?:to\\s+)?(?:(?:[\\p{Lu}][\\p{Ll}]+\\s+)?((?:[\\p{Ll}-]+\\s+){1,2})(?=\\p{Lu}))?(${name})`,
  'u',
);
const personNoun = new RegExp(`\\b${alternation(personRoleNouns)}\\b`, 'u');
const spouseCue = /\b(?:wife|husband|spouse)\b/u;
const spousePattern = new RegExp(
  `(${name})['’]s?\\s+(?:(?:first|second|third|late|former|future)\\s+)?(wife|husband|spouse)\\s*,?\\s+(?:the\\s+)?(?:(?:[\\p{Lu}][\\p{Ll}]+\\s+)?(?:[\\p{Ll}-]+\\s+)(?=\\p{Lu}))?(${name})`,
  'gu',
);

/** Parents, children and spouses: "the son of X", "married X", "X's wife Y". */
export const kinshipFamily: RelationFamily = {
  id: 'kinship',
  description: 'parents, children and spouses',
  pattern: familyPattern,
  toPairs(context) {
    const { text, subject, add, copula } = context;
    if (copula !== undefined) {
      const family = familyPattern.exec(copula.complement);
      if (family?.[1] !== undefined && family[2] !== undefined) {
        add(`Whose ${family[1]} ${tenseOf(copula.verb)} ${subject}?`, trimAnswer(family[2]), 'family');
        context.person.person = true;
      }
    }
    const married = marriedPattern.exec(text);
    // "married the actress Ana Lund": a descriptor before the name only when it names a person.
    if (married?.[2] !== undefined && (married[1] === undefined || personNoun.test(married[1]))) {
      add(`Who did ${subject} marry?`, trimAnswer(married[2]), 'married');
      add(`Who is the spouse of ${subject}?`, trimAnswer(married[2]), 'married');
      add(`Who is the spouse of ${trimAnswer(married[2])}?`, subject, 'married');
    }
    // Possessives from the original sentence only: "his wife" mid-sentence may not be the title's.
    const spouseSources = /^(?:His|Her)\s+(?:\p{Ll}+\s+)?(?:wife|husband|spouse)\b/u.test(context.original)
      ? [context.original, text]
      : [context.original];
    for (const source of spouseSources)
      for (const match of matchesWithCue(spousePattern, spouseCue, source)) {
        const [, rawPartner, relation, rawSpouse] = match;
        if (rawPartner === undefined || relation === undefined || rawSpouse === undefined) continue;
        const partner = trimAnswer(rawPartner);
        const spouse = trimAnswer(rawSpouse);
        // "Mara's husband Ivo Brand as Ed": a cast list names actors, not spouses.
        const after = source.slice((match.index ?? 0) + match[0].length);
        if (!nameLike(partner) || !nameLike(spouse) || partner === spouse || /^\s+as\s/u.test(after))
          continue;
        add(`Who was ${partner}'s ${relation}?`, spouse, 'spouse');
        add(`Who was ${partner} married to?`, spouse, 'spouse');
        add(`Who was ${spouse} married to?`, partner, 'spouse');
        add(`Who is the spouse of ${partner}?`, spouse, 'spouse');
        add(`Who is the spouse of ${spouse}?`, partner, 'spouse');
      }
  },
  examples: [
    {
      title: 'Ana Lund',
      sentence: 'Ana Lund was the eldest daughter of Ivo Lund. She married the painter Tomas Eke in 1925.',
      pairs: [
        ['Whose daughter was Ana Lund?', 'Ivo Lund'],
        ['Who did Ana Lund marry?', 'Tomas Eke'],
        ['Who is the spouse of Tomas Eke?', 'Ana Lund'],
      ],
    },
    {
      title: 'Tern Hall',
      sentence: "Tern Hall was built for Ivo Brand. Ivo Brand's wife, Mara Quill, planted its garden.",
      pairs: [
        ["Who was Ivo Brand's wife?", 'Mara Quill'],
        ['Who was Mara Quill married to?', 'Ivo Brand'],
      ],
    },
  ],
};

/** The copula's tense in a question: "are"/"were" for a plural subject, else "is"/"was". */
export function tenseOf(verb: string): string {
  return verb === 'are' || verb === 'were' ? verb : verb === 'is' ? 'is' : 'was';
}
