import { name, place } from './patterns.js';
import type { RelationFamily } from './relation-family.js';
import { firstWithCue, governedBySubject, matchesWithCue, nameLike, trimAnswer } from './sentence-context.js';

const seatNouns =
  '(?:capital(?:\\s+city)?|largest\\s+city|most\\s+populous\\s+city|county\\s+seat|seat|administrative\\s+cent(?:re|er))';
const seatQualifiers = '(?:(?:state|provincial|national|regional|federal|former|historic|district)\\s+)?';
const placeHead =
  '(?:the\\s+)?(?:(?:state|province|region|county|country|city|island|kingdom|republic|department|prefecture|district)\\s+of\\s+(?:the\\s+)?)?';
const appositiveSeatPattern = new RegExp(
  `(${name}),\\s+(?:the\\s+)?${seatQualifiers}(${seatNouns})\\s+of\\s+${placeHead}(${place})`,
  'gu',
);
const copulaSeatPattern = new RegExp(
  `\\b(?:is|was)\\s+(?:also\\s+)?the\\s+${seatQualifiers}(${seatNouns})(?:\\s+and\\s+(?:the\\s+)?(${seatNouns}))?\\s+of\\s+${placeHead}(${place})`,
  'u',
);
const seatIsPattern = new RegExp(
  `^(?:The\\s+|(${name})['’]s?\\s+)(${seatNouns})\\s+(?:is|was)\\s+(${name})`,
  'u',
);
const seatCue = /\b(?:capital|largest|populous|seat|administrative)\b/u;

/** Capitals, largest cities and county seats. */
export const seatsFamily: RelationFamily = {
  id: 'seats',
  description: 'capitals, largest cities and county seats',
  cue: seatCue,
  pattern: copulaSeatPattern,
  toPairs(context) {
    const { text, subject, add } = context;
    for (const match of matchesWithCue(appositiveSeatPattern, seatCue, text)) {
      const [, rawCity, seat, rawPlace] = match;
      if (rawCity === undefined || seat === undefined || rawPlace === undefined) continue;
      const city = trimAnswer(rawCity);
      if (!nameLike(city)) continue;
      add(`What is the ${seat} of ${trimAnswer(rawPlace)}?`, city, 'seat');
    }
    const copulaSeat = firstWithCue(copulaSeatPattern, seatCue, text);
    if (
      copulaSeat?.[1] !== undefined &&
      copulaSeat[3] !== undefined &&
      governedBySubject(text, subject, copulaSeat.index)
    ) {
      const where = trimAnswer(copulaSeat[3]);
      for (const seat of [copulaSeat[1], copulaSeat[2]]) {
        if (seat === undefined) continue;
        add(`What is the ${seat} of ${where}?`, subject, 'seat');
        add(`Which place is ${subject} the ${seat} of?`, where, 'seat');
      }
    }
    const seatIs = firstWithCue(seatIsPattern, seatCue, text);
    if (seatIs?.[2] !== undefined && seatIs[3] !== undefined) {
      const of = seatIs[1] === undefined ? context.title : trimAnswer(seatIs[1]);
      add(`What is the ${seatIs[2]} of ${of}?`, trimAnswer(seatIs[3]), 'seat');
    }
  },
  examples: [
    {
      title: 'Tern Harbour',
      sentence: 'Tern Harbour is the county seat of Gull County. Orlen, the capital of Veltria, lies north.',
      pairs: [
        ['What is the county seat of Gull County?', 'Tern Harbour'],
        ['What is the capital of Veltria?', 'Orlen'],
      ],
    },
  ],
};
