import { name, nameWord } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { firstWithCue, governedBySubject, trimAnswer } from './sentence-context.js';

/** "X is named after Y", "X was named in honour of Y". */
const namedAfterPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:(?:also|originally|probably|presumably)\\s+)?named\\s+(?:after|for|in\\s+honou?r\\s+of)\\s+(?:the\\s+)?(?:(?:${nameWord}\\s+)?(?:(?!(?:of|the|and)\\s)[\\p{Ll}-]+\\s+){1,2}(?=\\p{Lu}))?(${name})`,
  'u',
);

/** Namesakes: "X is named after Y". */
export const namedAfterFamily: RelationFamily = {
  id: 'named-after',
  description: 'namesakes ("named after", "in honour of")',
  cue: /\bnamed\s+(?:after|for|in)\b/u,
  pattern: namedAfterPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    const namedAfter = firstWithCue(namedAfterPattern, /\bnamed\s+(?:after|for|in)\b/u, text);
    if (namedAfter?.[1] !== undefined && governedBySubject(text, subject, namedAfter.index)) {
      const namesake = trimAnswer(namedAfter[1]);
      if (namesake !== subject && !/['’]s?$/u.test(namesake))
        add(`Who or what is ${subject} named after?`, namesake, 'named-after');
    }
  },
  examples: [
    {
      title: 'Lund Bridge',
      sentence: 'Lund Bridge was named in honour of the painter Ana Lund.',
      pairs: [['Who or what is Lund Bridge named after?', 'Ana Lund']],
    },
  ],
};
