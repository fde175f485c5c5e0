import { agentVerbs, alternation } from '@rootweaver/language-en';
import { date, names, relativeClause, startsWithDate } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

/** Verbs whose active object is as often a thing done as a named work ("played football", "named a ship"). */
const ambiguousVerbs: ReadonlySet<string> = new Set(['play', 'name', 'head', 'adapt']);
/** Active verbs: past tense (and "owns") → [base form, participle]. */
const activeVerbs: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries([
  ...agentVerbs
    .filter((verb) => !ambiguousVerbs.has(verb.base))
    .map((verb) => [verb.past, [verb.base, verb.participle] as const]),
  ['owns', ['own', 'owned'] as const],
]);
/** Verbs of an event the subject takes part in: "When did X win Y?" rather than "When was Y won?". */
const eventVerbs: ReadonlySet<string> = new Set(['won', 'joined', 'attended', 'starred', 'signed']);
const objectHeads =
  '(?:\\s+(?:award|awards|prize|medal|trophy|cup|championship|championships|election|title|race|tournament|series|award\\s+for\\s+[\\p{L}\\s]+?))?';
const activePattern = new RegExp(
  `\\b(${alternation(Object.keys(activeVerbs))})\\s+(in\\s+)?(?:the\\s+|an?\\s+)?(${names}${objectHeads})(?:\\s+in\\s+(${date}))?`,
  'gu',
);

/** Active verbs with the subject as agent: "X founded Y in 1990" → who founded Y, what X founded, when. */
export const activeVerbsFamily: RelationFamily = {
  id: 'active-verbs',
  description: 'what the subject made, won, joined or led (active verbs), and when',
  pattern: activePattern,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of text.matchAll(activePattern)) {
      const [, verb, preposition, object, when] = match;
      const forms = verb === undefined ? undefined : activeVerbs[verb];
      if (verb === undefined || forms === undefined || object === undefined) continue;
      if ((verb === 'starred') !== (preposition !== undefined)) continue;
      const between = text.slice(0, match.index ?? 0);
      // "was founded in 1985" is passive: the passive rules handle it.
      if (/\b(?:is|was|are|were|been|be|being|has|have|had)\s+(?:\p{Ll}+ly\s+)?$/u.test(between)) continue;
      // Only verbs whose subject is the sentence's subject: no relative clause or other clause before them.
      if (!between.includes(subject)) continue;
      if (relativeClause.test(between.slice(between.indexOf(subject) + subject.length))) continue;
      const [base, participle] = forms;
      const answer = trimAnswer(object);
      if (!/^\p{Lu}/u.test(answer) || answer === subject || startsWithDate.test(answer)) continue;
      const target = verb === 'starred' ? `in ${answer}` : answer;
      add(`Who ${verb} ${target}?`, subject, 'active-agent');
      add(`What did ${subject} ${base}${verb === 'starred' ? ' in' : ''}?`, answer, 'active-object');
      if (when !== undefined) {
        if (eventVerbs.has(verb)) add(`When did ${subject} ${base} ${target}?`, when, 'active-when');
        else add(`When was ${answer} ${participle}?`, when, 'active-when');
      }
    }
  },
  examples: [
    {
      title: 'Mara Quill',
      sentence: 'Mara Quill founded Gull House Press in 1990. Mara Quill won the Orlen Prize in 1995.',
      pairs: [
        ['Who founded Gull House Press?', 'Mara Quill'],
        ['What did Mara Quill found?', 'Gull House Press'],
        ['When was Gull House Press founded?', '1990'],
        ['When did Mara Quill win Orlen Prize?', '1995'],
      ],
    },
  ],
};
