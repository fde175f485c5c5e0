import { names, relativeClause, startsWithDate } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

/** Where someone studied, lived, worked, moved or played. */
const placeVerbPattern = new RegExp(
  `\\b(studied|lived|worked|moved|played|graduated|taught|settled|retired|emigrated|competed|served)\\s+(?:[\\p{Ll}\\-]+\\s+){0,3}?(at|in|for|to|from|with)\\s+(?:the\\s+)?(${names})`,
  'gu',
);
const placeVerbQuestions: Readonly<Record<string, string>> = {
  studied: 'Where did SUBJECT study?',
  lived: 'Where did SUBJECT live?',
  worked: 'Where did SUBJECT work?',
  moved: 'Where did SUBJECT move to?',
  played: 'Which team did SUBJECT play for?',
  graduated: 'Where did SUBJECT graduate from?',
  taught: 'Where did SUBJECT teach?',
  settled: 'Where did SUBJECT settle?',
  retired: 'Where did SUBJECT retire?',
  emigrated: 'Where did SUBJECT emigrate to?',
  competed: 'What did SUBJECT compete for?',
  served: 'What did SUBJECT serve in?',
};

/** Where the subject studied, lived, worked, moved, played, taught or served. */
export const placeVerbsFamily: RelationFamily = {
  id: 'place-verbs',
  description: 'where the subject studied, lived, worked, moved, played or served',
  pattern: placeVerbPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of text.matchAll(placeVerbPattern)) {
      const [, verb, preposition, object] = match;
      const template =
        verb === 'retired' && preposition === 'from'
          ? 'What did SUBJECT retire from?'
          : verb === undefined
            ? undefined
            : placeVerbQuestions[verb];
      if (
        template === undefined ||
        object === undefined ||
        !/^\p{Lu}/u.test(object) ||
        startsWithDate.test(object)
      )
        continue;
      const between = text.slice(0, match.index ?? 0);
      if (!between.includes(subject)) continue;
      if (relativeClause.test(between.slice(between.indexOf(subject) + subject.length))) continue;
      add(template.replace('SUBJECT', subject), trimAnswer(object), 'place-verb');
    }
  },
  examples: [
    {
      title: 'Ivo Brand',
      sentence: 'Ivo Brand studied law at the University of Orlen and played for Tern Rovers.',
      pairs: [
        ['Where did Ivo Brand study?', 'University of Orlen'],
        ['Which team did Ivo Brand play for?', 'Tern Rovers'],
      ],
    },
  ],
};
