import { date, place } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

const lifeSpanPattern = new RegExp(`\\(\\s*(?:[^()]*?;\\s*)?(${date})\\s*[–—-]\\s*(${date})\\s*\\)`, 'u');
const bornPattern = new RegExp(
  `\\bborn\\s+(?:(?:on|in)\\s+)?(${date})(?:\\s*,?\\s+in\\s+(${place}))?|\\bborn\\s+in\\s+(${place})`,
  'u',
);
const diedPattern = new RegExp(
  `\\bdied\\s+(?:(?:on|in)\\s+)?(${date})(?:\\s*,?\\s+in\\s+(${place}))?|\\bdied\\s+in\\s+(${place})`,
  'u',
);

/** Birth and death: "(1 May 1900 – 2 June 1980)", "born on … in …", "died in …". Marks the subject a person. */
export const lifeFamily: RelationFamily = {
  id: 'life',
  description: 'dates and places of birth and death',
  pattern: bornPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    const lifeSpan = lifeSpanPattern.exec(text);
    if (lifeSpan?.[1] !== undefined && lifeSpan[2] !== undefined) {
      add(`When was ${subject} born?`, lifeSpan[1], 'life-span');
      add(`When did ${subject} die?`, lifeSpan[2], 'life-span');
      context.person.person = true;
    }
    const born = bornPattern.exec(text);
    if (born !== null) {
      context.person.person = true;
      if (born[1] !== undefined) add(`When was ${subject} born?`, born[1], 'born');
      const where = born[2] ?? born[3];
      if (where !== undefined) add(`Where was ${subject} born?`, trimAnswer(where), 'born');
    }
    const died = diedPattern.exec(text);
    if (died !== null) {
      if (died[1] !== undefined) add(`When did ${subject} die?`, died[1], 'died');
      const where = died[2] ?? died[3];
      if (where !== undefined) add(`Where did ${subject} die?`, trimAnswer(where), 'died');
    }
  },
  examples: [
    {
      title: 'Ana Lund',
      sentence: 'Ana Lund (4 May 1901 – 9 June 1977) was a Veltrian painter.',
      pairs: [
        ['When was Ana Lund born?', '4 May 1901'],
        ['When did Ana Lund die?', '9 June 1977'],
      ],
    },
    {
      title: 'Ivo Brand',
      sentence: 'Ivo Brand was born on March 3, 1950 in St. Aubin, Orlen. He died in Tern Harbour.',
      pairs: [
        ['When was Ivo Brand born?', 'March 3, 1950'],
        ['Where was Ivo Brand born?', 'St. Aubin, Orlen'],
        ['Where did Ivo Brand die?', 'Tern Harbour'],
      ],
    },
  ],
};
