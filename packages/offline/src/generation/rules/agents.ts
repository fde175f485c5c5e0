import { alternation, organisationNouns, workNouns } from '@rootweaver/language-en';
import { byVerbAlternation, byVerbs, date, descriptor, name, names } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { entitySubject, matchesWithCue, nameLike, trimAnswer } from './sentence-context.js';

/** "was directed by Y", "co-written in 1990 by the Veltrian author Y". */
const byPattern = new RegExp(
  `\\b(?:(is|was|were|are|been|being)\\s+)?(?:(?:also|originally|first|later|jointly|co-)\\s*)?(${byVerbAlternation})(?:\\s+(?:in|on)\\s+${date},?)?\\s+by\\s+(?:the\\s+)?${descriptor}(${names})`,
  'gu',
);
const relativeAntecedent = new RegExp(
  `(${name})\\s*(?:,\\s*|\\(\\s*)(?:which|who)\\s+(?:is\\s+|was\\s+|were\\s+|are\\s+)?$`,
  'u',
);
/** "Gull King (voiced by Ivo Brand)", "Tern Bank, which was acquired by Orlen Trust in 2004". */
const relativeAgentPattern = new RegExp(
  `(${name})\\s*(?:,\\s*(?:(?:which|who)\\s+(?:is|was|were|are|has\\s+been|had\\s+been)\\s+)?|\\(\\s*)(?:(?:also|originally|first|later|jointly|now|then|subsequently|formerly)\\s+)?(${byVerbAlternation})(?:\\s+(?:in|on)\\s+${date},?)?\\s+by\\s+(?:the\\s+)?${descriptor}(${names})`,
  'gu',
);
/** "Built in 1988 by the Tern company, it …": an opening participle about the sentence's subject. */
const leadingAgentPattern = new RegExp(
  `^(?:(?:originally|first|later)\\s+)?(${byVerbAlternation})(?:\\s+(?:in|on)\\s+${date})?\\s+by\\s+(?:the\\s+)?${descriptor}(${names}(?:\\s+(?:company|corporation|group|studio|firm|brothers|family))?)\\s*,`,
  'u',
);
/** A work or an organisation named just before the participle: "the film, directed by …". */
const aboutThing = new RegExp(
  `\\b${alternation([...workNouns, ...organisationNouns, 'building', 'character'])}(?:\\s+(?:[\\p{Ll}-]+\\s+and|[\\p{Ll}-]+,))?\\s*,?\\s*$`,
  'u',
);
const workCopula = new RegExp(
  `^\\s+(?:is|was)\\s+an?\\s+(?:(?!\\b(?:which|who|whose|that|where)\\b)[^;])*?\\b${alternation(workNouns)}\\b(?:(?!\\b(?:which|who|whose|that|where)\\b)[^;])*$`,
  'u',
);
const characterVerbs: Readonly<Record<string, string>> = {
  played: 'play',
  portrayed: 'portray',
  voiced: 'voice',
};

/** Whether `before` opens with the (possibly quoted) subject and a copula describing a work. */
function workCopulaAbout(before: string, subject: string): boolean {
  const lead = before.replace(/^["“'‘]+/u, '');
  if (!lead.startsWith(subject)) return false;
  return workCopula.test(lead.slice(subject.length).replace(/^["”'’]+/u, ''));
}

/** Agents: "X was directed by Y", "Z, which was acquired by Y", "Built in 1988 by Y, it …". */
export const agentsFamily: RelationFamily = {
  id: 'agents',
  description: 'who made, founded, owns or acquired something ("by" phrases)',
  cue: /\bby\b/u,
  pattern: byPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of text.matchAll(byPattern)) {
      const [, auxiliary, verb, agent] = match;
      if (verb === undefined || agent === undefined) continue;
      const before = text.slice(0, match.index ?? 0);
      // "Tern Bank, which was acquired by Orlen Trust": the relative clause is about the name before
      // it (asked about below), not about the sentence's subject.
      const antecedent = /\b(?:which|who)\s+(?:(?:is|was|were|are)\s+)?$/u.test(before)
        ? relativeAntecedent.exec(before)?.[1]
        : undefined;
      if (antecedent !== undefined && trimAnswer(antecedent) !== subject) continue;
      const directlyAboutSubject =
        auxiliary !== undefined ||
        aboutThing.test(before) ||
        // "X is a popular song written by A, recorded by B": participles after a comma in the
        // copula's description of a work describe X.
        (/,\s*$/u.test(before) && workCopulaAbout(before, subject));
      if (!directlyAboutSubject) continue;
      const active = byVerbs[verb] ?? verb;
      const answer = trimAnswer(agent);
      add(`Who ${active} ${subject}?`, answer, 'by');
      if (active === 'owns') add(`Who is the owner of ${subject}?`, answer, 'by');
      if (active === 'recorded' || active === 'performed' || active === 'sang')
        add(`Who is the performer of ${subject}?`, answer, 'by');
    }
    for (const match of matchesWithCue(relativeAgentPattern, /\bby\b/u, text)) {
      const [whole, rawEntity, verb, rawAgent] = match;
      if (rawEntity === undefined || verb === undefined || rawAgent === undefined) continue;
      // "written by A and B, produced by C": B is an agent of the first verb, not C's work.
      if (
        !/\b(?:which|who)\b|\(/u.test(whole) &&
        /\bby\b[^,;()]*$|\b(?:and|with|&)\s+$/u.test(text.slice(0, match.index ?? 0))
      )
        continue;
      const entity = trimAnswer(rawEntity);
      const agent = trimAnswer(rawAgent);
      if (!nameLike(entity) || entity === agent) continue;
      add(`Who ${byVerbs[verb] ?? verb} ${entity}?`, agent, 'relative-by');
      const base = characterVerbs[verb];
      if (base !== undefined) {
        if (verb !== 'played') add(`Who played ${entity}?`, agent, 'relative-by');
        if (!/\sand\s|,/u.test(agent)) add(`Which character did ${agent} ${base}?`, entity, 'relative-by');
      }
    }
    const leading = leadingAgentPattern.exec(text.charAt(0).toLowerCase() + text.slice(1));
    if (leading?.[1] !== undefined && leading[2] !== undefined) {
      // The participle describes the main clause's subject: a pronoun there is the title entity.
      const rest = text.slice(leading[0].length).trim();
      const target =
        /^(?:it|he|she|they)\b/iu.test(rest) || rest.startsWith(context.title)
          ? context.title
          : entitySubject(rest.split(/\s+(?:is|was|were|are|has|had)\b/u)[0] ?? '');
      const agent = trimAnswer(leading[2]);
      const verb = leading[1].toLowerCase();
      if (target !== undefined && agent !== target)
        add(`Who ${byVerbs[verb] ?? verb} ${target}?`, agent, 'by');
    }
  },
  examples: [
    {
      title: 'Salt Harbour',
      sentence: 'Salt Harbour was written by Mara Quill. Salt Harbour is owned by Gull House Press.',
      pairs: [
        ['Who wrote Salt Harbour?', 'Mara Quill'],
        ['Who owns Salt Harbour?', 'Gull House Press'],
        ['Who is the owner of Salt Harbour?', 'Gull House Press'],
      ],
    },
    {
      title: 'Orlen Trust',
      sentence: 'Orlen Trust bought Tern Bank, which was acquired by Gull Holdings in 2004.',
      pairs: [['Who acquired Tern Bank?', 'Gull Holdings']],
    },
  ],
};
