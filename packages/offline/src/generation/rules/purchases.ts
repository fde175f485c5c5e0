import { agentVerb } from '@rootweaver/language-en';
import { name, nameWord } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { governedBySubject, matchesWithCue, nameLike, trimAnswer } from './sentence-context.js';

/** "X agreed to purchase the rival bank Tern Trust": the target of an intended purchase. */
const intendedPurchasePattern = new RegExp(
  `\\b(?:would|will|to)\\s+(purchase|acquire|buy)\\s+(?:(?:${nameWord}\\s*-\\s*based|(?!(?:from|back|out|up|into|in|on|at|for|with|of)\\s)[\\p{Ll}-]+)\\s+){0,2}?(?:(?:bank|company|firm|retailer|airline|carrier|chain|rival|competitor|studio|label|publisher|maker|manufacturer|operator|developer|network|broadcaster|newspaper|team|club)\\s+)?(${name})(?![\\p{L}\\p{M}\\d'’])(?!\\s*-\\s*\\p{Ll})(?!\\s+\\p{Lu})`,
  'gu',
);

/** Intended purchases ("agreed to acquire Y"): who bought Y. */
export const purchasesFamily: RelationFamily = {
  id: 'purchases',
  description: 'what the subject agreed to buy or acquire',
  cue: /\b(?:purchase|acquire|buy)\b/u,
  pattern: intendedPurchasePattern,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of matchesWithCue(intendedPurchasePattern, /\b(?:purchase|acquire|buy)\b/u, text)) {
      const [, verb, rawTarget] = match;
      if (
        verb === undefined ||
        rawTarget === undefined ||
        !governedBySubject(text, subject, match.index ?? 0)
      )
        continue;
      const target = trimAnswer(rawTarget);
      if (!nameLike(target) || target === subject) continue;
      const forms = agentVerb(verb);
      add(`Who ${forms?.past ?? verb} ${target}?`, subject, 'purchase');
      add(`Who is the ${forms?.agent ?? 'buyer'} of ${target}?`, subject, 'purchase');
      add(`What did ${subject} ${verb}?`, target, 'purchase');
    }
  },
  examples: [
    {
      title: 'Orlen Trust',
      sentence: 'In 2004, Orlen Trust agreed to acquire the rival bank Tern Savings.',
      pairs: [
        ['Who acquired Tern Savings?', 'Orlen Trust'],
        ['Who is the acquirer of Tern Savings?', 'Orlen Trust'],
      ],
    },
  ],
};
