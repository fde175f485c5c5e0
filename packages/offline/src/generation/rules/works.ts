import { alternation, type WorkRelease, workKinds } from '@rootweaver/language-en';
import { date, descriptor, names } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { trimAnswer } from './sentence-context.js';

/** "Tern Records" ends in a capitalised word; "American", "Veltrian", "New Zealand" are nationalities. */
const demonymLike =
  /^(?:[\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|sh|ic|i|ean|ine|ite|er|Zealand|Korean))(?:[\s-][\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|i|ean))*$/u;

const creatorQuestion: Record<WorkRelease, Record<string, string>> = {
  released: { film: 'directed', movie: 'directed', documentary: 'directed', default: 'performed' },
  published: { default: 'wrote' },
  aired: { default: 'created' },
};
/** "a 1994 Veltrian drama film directed by Y": year, nationality, kind, maker. */
const workPattern = new RegExp(
  `^an?\\s+(?:(${date})\\s+)?((?:[\\p{Lu}][\\p{L}\\-]+(?:[\\s\\-][\\p{Lu}][\\p{L}\\-]+)*\\s+)?)((?:(?!(?:of|for|in|and|about|with)\\s)[\\p{Ll}\\d\\-]+\\s+){0,4}?)(${alternation(Object.keys(workKinds))})\\b(?!\\s+(?:director|maker|producer|critic|score|studio|composer|editor|company|industry|festival|actor|actress|writer|character|adaptation|version|distributor|division))(?:\\s+(?:directed\\s+)?by\\s+${descriptor}(${names}))?`,
  'u',
);
/** Works: "X is a 1994 Veltrian film directed by Y" — year, nationality, maker. */
export const worksFamily: RelationFamily = {
  id: 'works',
  description: 'a work’s year, nationality and maker',
  pattern: workPattern,
  toPairs(context) {
    const { subject, add, copula } = context;
    if (copula !== undefined) {
      const tense = tenseOf(copula.verb);
      const work = workPattern.exec(copula.complement);
      if (work !== null) {
        const [, year, nationality, , type, maker] = work;
        const kind = workKinds[type ?? ''] ?? 'released';
        if (year !== undefined)
          add(`When was ${subject} ${kind === 'aired' ? 'first aired' : kind}?`, year, 'work-year');
        const nationalityText = nationality?.trim();
        if (nationalityText !== undefined && nationalityText !== '' && demonymLike.test(nationalityText))
          add(`What nationality ${tense} ${subject}?`, nationalityText, 'work-nationality');
        if (maker !== undefined) {
          const creator = creatorQuestion[kind][type ?? ''] ?? creatorQuestion[kind].default ?? 'created';
          add(
            creator === 'performed' ? `Who is the performer of ${subject}?` : `Who ${creator} ${subject}?`,
            trimAnswer(maker),
            'work-by',
          );
        }
      }
    }
  },
  examples: [
    {
      title: 'Salt Harbour (film)',
      sentence: 'Salt Harbour is a 1994 Veltrian drama film directed by Mara Quill.',
      pairs: [
        ['Who directed Salt Harbour?', 'Mara Quill'],
        ['When was Salt Harbour released?', '1994'],
        ['What nationality is Salt Harbour?', 'Veltrian'],
      ],
    },
  ],
};

/** The copula's tense as a question repeats it: "are"/"were" stay, anything else is "is" or "was". */
function tenseOf(verb: string): string {
  return verb === 'are' || verb === 'were' ? verb : verb === 'is' ? 'is' : 'was';
}
