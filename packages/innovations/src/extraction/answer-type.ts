import type { AnswerType } from '@rootweaver/core';

const rules: readonly [RegExp, AnswerType][] = [
  [/\bnationality\b|\bcitizenship\b|\bwhat nation\b|\bethnicity\b/i, 'nationality'],
  [
    /\b(?:what|which|in what|from what|from which|in which)\s+country\b|\bcountry of (?:origin|citizenship|birth)\b|\bcountry\b.*\b(?:located|from|originate|based)\b/i,
    'country',
  ],
  [
    /\b(?:what|which|in what|in which)\s+year\b|\byear of\b|\bwhat is the (?:birth|release|death) year\b|\b(?:release|birth|death|founding) year\b/i,
    'year',
  ],
  // "When" asks for a date as the question word ("When did …", "Since when …"), not as a conjunction
  // inside a question that asks for something else ("What was the team called when it …?").
  [
    /^\s*(?:(?:since|until|by|and)\s+)?when\b|\bwhat (?:is|was) the date\b|\bwhat date\b|\bdate of\b|\bbirthday\b|\bbirth ?date\b/i,
    'date',
  ],
  [
    /\bhow (?:many|much|long|old|far|tall|high)\b|\bwhat (?:is|was) the (?:age|population|number|length|height|area|duration|runtime)\b|\bage of\b|\bnumber of\b/i,
    'number',
  ],
  [
    /\bwhere\b.*\b(?:stud(?:y|ied)|educated|work(?:s|ed)?|attend(?:ed)?|graduate[ds]?|employed|teach(?:es)?|taught|play(?:s|ed)?)\b|\b(?:what|which) (?:company|organi[sz]ation|university|college|school|team|club|band|group|label|party|publisher|studio|network|institution|firm|corporation)\b|\bwho (?:published|produced|distributed|owns|owned|founded)\b.*\b(?:magazine|journal|newspaper|company)\b|\bpublisher\b|\brecord label\b|\bwhat (?:company|organi[sz]ation) published\b/i,
    'organisation',
  ],
  [
    /\bwhere\b|\b(?:what|which|in what|in which) (?:city|town|village|place|state|province|region|county|area|location|municipality|island)\b|\bplace of\b|\bbirthplace\b|\blocated\b|\blocation\b|\bburied\b|\bhometown\b/i,
    'place',
  ],
  [
    /\b(?:what|which) (?:film|movie|song|album|book|novel|play|show|series|work|title)\b|\btitle of\b|\bname of the (?:film|movie|song|album|book|novel|show)\b/i,
    'title',
  ],
  [
    /^\s*(?:who|whom)\b|\bwhose\b|\b(?:what|which) (?:person|man|woman|actor|actress|director|writer|author|composer|singer|performer|king|queen|emperor|player)\b|\bname of the (?:director|father|mother|husband|wife|spouse|son|daughter|composer|performer|author|writer)\b/i,
    'person',
  ],
];

const yesNoStart = /^\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/i;

/** A word that opens with a capital letter. */
const capitalisedWord = /\p{Lu}[\p{L}\p{N}'’.-]*/gu;

/**
 * The question as its type cues read it: in a question written in sentence case, a capitalised word past
 * the first is part of a name or a title ("Age of Glass", "Where Rivers Meet"), never a cue, so it is
 * replaced by `·`, which no cue matches. A question with no lower-case word (all capitals, or every word
 * capitalised) tells names from cues by nothing and is read as written.
 */
function cueTextOf(question: string): string {
  if (!/\p{Ll}/u.test(question.replace(capitalisedWord, ''))) return question;
  const firstWord = question.match(/\p{L}/u)?.index ?? 0;
  return question.replace(capitalisedWord, (word, offset: number) => (offset <= firstWord ? word : '·'));
}

/** The type of answer a (sub-)question asks for, from its wording alone. */
export function inferAnswerType(question: string): AnswerType {
  const text = question.trim();
  const cues = cueTextOf(text);
  if (yesNoStart.test(text) && !/\bor\b/i.test(cues)) return 'yes-no';
  if (yesNoStart.test(text) && /\b(?:both|same|also|either)\b/i.test(cues)) return 'yes-no';
  // "Who is Mara Quill?" asks for a description, not for a person.
  if (
    /^\s*(?:who|what)\s+(?:is|was|are|were)\s+[\p{Lu}'"‘“][^?]*\??\s*$/u.test(text) &&
    !/\s(?:of|for|in|by)\s/.test(text)
  ) {
    return 'other';
  }
  for (const [pattern, type] of rules) {
    if (pattern.test(cues)) return type;
  }
  return 'other';
}

/** Whether a question asks to choose between alternatives ("…, A or B?"). */
export function isChoiceQuestion(question: string): boolean {
  return /\bor\b/i.test(question) && /^\s*(?:which|who|what|was|is|did|were|does)\b/i.test(question);
}
