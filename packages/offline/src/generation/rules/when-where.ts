import { date, place } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

const passivePlaceOrDate = new RegExp(
  `\\b(is|was|were|are)\\s+(?:(?:also|first|originally|later)\\s+)?(born|founded|established|formed|created|opened|built|completed|released|published|launched|incorporated|constructed|inaugurated|premiered|filmed|shot|recorded|held|buried|killed|married|elected|appointed|introduced|signed|discovered|produced|made|set|written|educated|raised|based|first\\s+aired|broadcast|named|renamed|closed|demolished|abolished|dissolved)\\s+(?:on\\s+location\\s+)?(?:(?:on|in|at)\\s+)(${date}|${place})`,
  'gu',
);
const wholeDate = new RegExp(`^${date}$`, 'u');

/** "X was founded in 1990", "X was buried at Gull Abbey": when or where something passive happened. */
export const whenWhereFamily: RelationFamily = {
  id: 'when-where',
  description: 'when or where something was founded, built, released, buried, … (passive verbs)',
  pattern: passivePlaceOrDate,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of text.matchAll(passivePlaceOrDate)) {
      const [, auxiliary, verb, object] = match;
      if (auxiliary === undefined || verb === undefined || object === undefined || verb === 'born') continue;
      const answer = trimAnswer(object);
      const isDate = wholeDate.test(answer);
      if (!isDate && !/^(?:the\s+)?\p{Lu}/u.test(answer)) continue;
      add(`${isDate ? 'When' : 'Where'} ${auxiliary} ${subject} ${verb}?`, answer, isDate ? 'when' : 'where');
    }
  },
  examples: [
    {
      title: 'Gull House Press',
      sentence: 'Gull House Press was founded in 1921. Ivo Brand was buried at Tern Abbey.',
      pairs: [
        ['When was Gull House Press founded?', '1921'],
        ['Where was Ivo Brand buried?', 'Tern Abbey'],
      ],
    },
  ],
};
