import { name } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { firstWithCue, governedBySubject, matchesWithCue, nameLike, trimAnswer } from './sentence-context.js';

const tributaryPattern = new RegExp(
  `\\b(?:is|was)\\s+(?:an?|the)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?tributary\\s+of\\s+(?:the\\s+)?(${name})`,
  'u',
);
const appositiveTributaryPattern = new RegExp(
  `(${name}),\\s+an?\\s+(?:[\\p{Ll}-]+\\s+){0,2}?tributary\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);
const flowsIntoPattern = new RegExp(
  `\\b(?:flows|flowed|empties|emptied|drains|discharges)\\s+(?:(?:\\p{Ll}+ly|(?:north|south)?(?:east|west)?(?:ward)?|north|south|generally)\\s+)*into\\s+(?:the\\s+)?(${name})`,
  'gu',
);

/** Tributaries and river mouths. */
export const riversFamily: RelationFamily = {
  id: 'rivers',
  description: 'tributaries and river mouths',
  cue: /\b(?:tributary|into)\b/u,
  pattern: tributaryPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    const tributary = firstWithCue(tributaryPattern, /tributary/u, text);
    if (tributary?.[1] !== undefined && governedBySubject(text, subject, tributary.index)) {
      const river = trimAnswer(tributary[1]);
      add(`What is ${subject} a tributary of?`, river, 'tributary');
      add(`What is the mouth of ${subject}?`, river, 'tributary');
    }
    for (const match of matchesWithCue(appositiveTributaryPattern, /tributary/u, text)) {
      const [, rawStream, rawRiver] = match;
      if (rawStream === undefined || rawRiver === undefined) continue;
      const stream = trimAnswer(rawStream);
      if (!nameLike(stream)) continue;
      add(`What is ${stream} a tributary of?`, trimAnswer(rawRiver), 'tributary');
      add(`What is the mouth of ${stream}?`, trimAnswer(rawRiver), 'tributary');
    }
    for (const match of matchesWithCue(flowsIntoPattern, /\binto\b/u, text)) {
      const river = match[1];
      if (river === undefined || !governedBySubject(text, subject, match.index ?? 0)) continue;
      add(`What does ${subject} flow into?`, trimAnswer(river), 'flows-into');
      add(`What is the mouth of ${subject}?`, trimAnswer(river), 'flows-into');
    }
  },
  examples: [
    {
      title: 'Tern Creek',
      sentence: 'Tern Creek is a tributary of the Gull River. Tern Creek flows north into Orlen Lake.',
      pairs: [
        ['What is Tern Creek a tributary of?', 'Gull River'],
        ['What does Tern Creek flow into?', 'Orlen Lake'],
      ],
    },
  ],
};
