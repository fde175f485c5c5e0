import { name, names, nameWord } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { matchesWithCue, nameLike, trimAnswer, whoOrWhat } from './sentence-context.js';

const starringPattern = new RegExp(`\\bstar(?:s|red|ring)\\s+(${names})`, 'u');
const castPattern = new RegExp(
  `(${name})\\s+(?:\\([^)]*\\)\\s+)?as\\s+(?:the\\s+)?(${name}(?:\\s*/\\s*${name})?)`,
  'gu',
);
const playsPattern = new RegExp(
  `^(${name})\\s+(?:plays|played|portrays|portrayed|voices|voiced)\\s+(?:the\\s+)?(?:[\\p{Ll}\\-]+\\s+){0,2}?(${name})`,
  'u',
);
/** "… the couple Ivo Lund (Tomas Eke) and Ana Lund (Mara Quill)": characters and their actors. */
const castParenthesesPattern = new RegExp(
  `(${nameWord}(?:\\s+${nameWord}){1,3})\\s+\\((${nameWord}(?:\\s+${nameWord}){1,3})\\)`,
  'gu',
);

/** Who starred in a work and who played which character. */
export const castFamily: RelationFamily = {
  id: 'cast',
  description: 'who starred in a work and who played which character',
  pattern: castPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    const starring = starringPattern.exec(text);
    if (starring?.[1] !== undefined) add(`Who starred in ${subject}?`, trimAnswer(starring[1]), 'starring');
    for (const match of text.matchAll(castPattern)) {
      const [, actor, role] = match;
      if (actor === undefined || role === undefined || actor === subject || !context.subjectIsTitle) continue;
      const lead = text.slice(0, match.index ?? 0);
      if (
        !/(?:^|,\s+|\band\s+|\bstars?\s+|\bstarring\s+|\bwith\s+|\bfeatures\s+|\bfeaturing\s+)$/u.test(lead)
      )
        continue;
      if (
        !/\b(?:star|stars|starred|starring|cast|features|featured|featuring|voices?|voiced|plays|played|appears?|appeared)\b/u.test(
          text,
        )
      )
        continue;
      const character = trimAnswer(role);
      add(`Who played ${character} in ${subject}?`, trimAnswer(actor), 'cast');
      add(`Which character did ${trimAnswer(actor)} play in ${subject}?`, character, 'cast');
    }
    const plays = playsPattern.exec(text);
    if (plays?.[1] !== undefined && plays[2] !== undefined && text.startsWith(plays[1]))
      add(`Who plays ${trimAnswer(plays[2])}?`, plays[1], 'plays');
    // Only a sentence that pairs two or more characters with actors is a cast list.
    const castPairs = matchesWithCue(castParenthesesPattern, /\(\p{Lu}[^()]*\)[^()]*\(\p{Lu}/u, text);
    if (castPairs.length >= 2 && context.subjectIsTitle)
      for (const [, rawCharacter, rawActor] of castPairs) {
        if (rawCharacter === undefined || rawActor === undefined) continue;
        const character = trimAnswer(rawCharacter);
        const actor = trimAnswer(rawActor);
        if (!nameLike(character) || whoOrWhat(actor, context.kinds) !== 'Who' || character === actor)
          continue;
        add(`Who played ${character} in ${subject}?`, actor, 'cast-list');
        add(`Which character did ${actor} play in ${subject}?`, character, 'cast-list');
      }
  },
  examples: [
    {
      title: 'Salt Harbour (film)',
      sentence: 'The film stars Mara Quill as Ana Lund and Ivo Brand as Tomas Eke.',
      pairs: [
        ['Who starred in Salt Harbour?', 'Mara Quill'],
        ['Who played Ana Lund in Salt Harbour?', 'Mara Quill'],
        ['Which character did Ivo Brand play in Salt Harbour?', 'Tomas Eke'],
      ],
    },
  ],
};
