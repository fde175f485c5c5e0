import { alternation, type WorkRelease, workKinds } from '@rootweaver/language-en';
import { tenseOf } from './kinship.js';
import { date, descriptor, name, names } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { firstWithCue, governedBySubject, trimAnswer } from './sentence-context.js';

/** "Tern Records" ends in a capitalised word; "American", "Veltrian", "New Zealand" are nationalities. */
export const demonymLike =
  /^(?:[\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|sh|ic|i|ean|ine|ite|er|Zealand|Korean))(?:[\s-][\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|i|ean))*$/u;

const creatorQuestion: Record<WorkRelease, Record<string, string>> = {
  released: { film: 'directed', movie: 'directed', documentary: 'directed', default: 'performed' },
  published: { default: 'wrote' },
  aired: { default: 'created' },
};
/** "a 1994 Veltrian drama film directed by Y": year, nationality, kind, maker. */
export const workPattern = new RegExp(
  `^an?\\s+(?:(${date})\\s+)?((?:[\\p{Lu}][\\p{L}\\-]+(?:[\\s\\-][\\p{Lu}][\\p{L}\\-]+)*\\s+)?)((?:(?!(?:of|for|in|and|about|with)\\s)[\\p{Ll}\\d\\-]+\\s+){0,4}?)(${alternation(Object.keys(workKinds))})\\b(?!\\s+(?:director|maker|producer|critic|score|studio|composer|editor|company|industry|festival|actor|actress|writer|character|adaptation|version|distributor|division))(?:\\s+(?:directed\\s+)?by\\s+${descriptor}(${names}))?`,
  'u',
);
const weekdays = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?';
/** "It airs on Tern TV on Mondays at 21:30": the day of the week a programme airs. */
const airDayPattern = new RegExp(
  `\\b(?:airs|aired|broadcasts|is\\s+broadcast|was\\s+broadcast|runs|ran)\\s+(?:(?:on|every)\\s+(?!${weekdays})${name}\\s+)?(?:on\\s+|every\\s+)(${weekdays}(?:(?:,\\s+|\\s+and\\s+|\\s+(?:through|to)\\s+)${weekdays})*)`,
  'u',
);
/** "X was released as the lead single from the album Y" / "from her second studio album, Y". */
const singleFromPattern = new RegExp(
  `\\breleased\\s+as\\s+the\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?single\\s+(?:from|off)\\s+(?:the\\s+album\\s+|(?:the|her|his|their|its|${name}['’]s?)\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?album,?\\s+)["“]?(${name})`,
  'u',
);

/** Works: "X is a 1994 Veltrian film directed by Y" (year, nationality, maker), the album a single is from, the day a show airs. */
export const worksFamily: RelationFamily = {
  id: 'works',
  description: 'a work’s year, nationality and maker; the album of a single; the day a show airs',
  pattern: workPattern,
  toPairs(context) {
    const { text, subject, add, copula } = context;
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
    const airDay = firstWithCue(airDayPattern, /days?\b/u, text);
    if (airDay?.[1] !== undefined && governedBySubject(text, subject, airDay.index))
      add(`On which day of the week does ${subject} air?`, airDay[1], 'air-day');
    const single = firstWithCue(singleFromPattern, /\bsingle\b/u, text);
    if (single?.[1] !== undefined && governedBySubject(text, subject, single.index))
      add(`Which album is ${subject} from?`, trimAnswer(single[1]), 'single-from');
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
    {
      title: 'Gull Song',
      sentence: 'Gull Song was released as the lead single from the album Tern Nights. It airs on Mondays.',
      pairs: [
        ['Which album is Gull Song from?', 'Tern Nights'],
        ['On which day of the week does Gull Song air?', 'Mondays'],
      ],
    },
  ],
};
