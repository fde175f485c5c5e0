import { names } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

const partOfPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:a\\s+)?part\\s+of\\s+(?:the\\s+)?(${names})`,
  'u',
);
const memberPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:a\\s+)?members?\\s+of\\s+(?:the\\s+)?(${names})`,
  'u',
);

/** What the subject is part of or a member of. */
export const membershipFamily: RelationFamily = {
  id: 'membership',
  description: 'what the subject is part of or a member of',
  cue: /\b(?:part|members?)\s+of\b/u,
  pattern: memberPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    const partOf = partOfPattern.exec(text);
    if (partOf?.[1] !== undefined) add(`What is ${subject} part of?`, trimAnswer(partOf[1]), 'part-of');
    const member = memberPattern.exec(text);
    if (member?.[1] !== undefined) add(`What was ${subject} a member of?`, trimAnswer(member[1]), 'member');
  },
  examples: [
    {
      title: 'Tern Rovers',
      sentence: 'Tern Rovers was a member of the Orlen League. It is part of the Gull Sports Group.',
      pairs: [
        ['What was Tern Rovers a member of?', 'Orlen League'],
        ['What is Tern Rovers part of?', 'Gull Sports Group'],
      ],
    },
  ],
};
