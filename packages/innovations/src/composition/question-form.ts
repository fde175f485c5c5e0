import { capitalisedChunks, quotedSpans } from '../extraction/text.js';

/** What is compared in a "which … first/later …, A or B?" question. */
export type ComparisonMeasure = 'date' | 'number' | 'lifespan' | 'age';

/** The event whose date is compared, when the question names one. */
export type ComparisonEvent = 'birth' | 'death' | 'other';

export interface ComparisonForm {
  readonly kind: 'comparison';
  /** The two alternatives as written in the question (a run of white space read as one space). */
  readonly options: readonly [string, string];
  readonly measure: ComparisonMeasure;
  /** `min`: the smaller value wins (earlier date, fewer); `max`: the larger wins. */
  readonly direction: 'min' | 'max';
  readonly event: ComparisonEvent;
}

/** The attribute a yes/no equality question compares. */
export type YesNoAttribute = 'nationality' | 'country' | 'place' | 'date' | 'person' | 'other';

export interface YesNoForm {
  readonly kind: 'yes-no';
  /** The two subjects when they could be read from the question. */
  readonly options?: readonly [string, string];
  readonly attribute: YesNoAttribute;
}

/** "What occupation did A and B share?", "What do A and B have in common?": one value of both. */
export interface CommonForm {
  readonly kind: 'common';
  readonly options?: readonly [string, string];
}

/** A choice between named options that no typed comparison decides ("Between A and B, which genus …?"). */
export interface ChoiceForm {
  readonly kind: 'choice';
  readonly options: readonly [string, string];
}

export type QuestionForm = ComparisonForm | YesNoForm | CommonForm | ChoiceForm | { readonly kind: 'chain' };

const earlyWords = /\b(?:first|earlier|earliest|sooner|before|older|oldest|elder)\b/i;
const lateWords =
  /\b(?:later|latest|last|more recent(?:ly)?|most recent(?:ly)?|recently|newer|newest|younger|youngest)\b/i;
const moreWords =
  /\b(?:more|most|larger|largest|bigger|biggest|higher|highest|longer|longest|taller|tallest|greater|greatest)\b/i;
const lessWords = /\b(?:less|least|fewer|fewest|smaller|smallest|lower|lowest|shorter|shortest)\b/i;

/** The question trimmed, each run of white space (tabs, line breaks) one space, for the patterns below. */
function normalised(question: string): string {
  return question.replace(/\s+/g, ' ').trim();
}

function cleanOption(option: string): string {
  return option
    .trim()
    .replace(/^['"‘“]|['"’”]$/g, '')
    .replace(/[\s,;:]+$/, '')
    .trim();
}

/** "…, A or B?" (the first comma or colon whose remainder splits on " or "); or "Was A or B born first?". */
export function parseChoiceOptions(question: string): readonly [string, string] | undefined {
  const text = normalised(question).replace(/\?+$/, '');
  for (const separator of [',', ':']) {
    let from = text.indexOf(separator);
    while (from >= 0) {
      // Normalised text has no line break for `.` to stop at: no anchors are needed.
      const match = /(.+?) or (.+)/.exec(text.slice(from + 1));
      if (match?.[1] !== undefined && match[2] !== undefined) {
        const left = cleanOption(match[1]);
        const right = cleanOption(match[2]);
        if (right.length > 0 && /^(?:the )?[\p{Lu}\p{N}'"‘“]/u.test(left)) return [left, right];
      }
      from = text.indexOf(separator, from + 1);
    }
  }
  const inline = /^(?:was|is|were|are|did|does|do|has|had) (.+?) or (.+)/i.exec(text);
  if (inline?.[1] !== undefined && inline[2] !== undefined) {
    const right = leadingName(inline[2]);
    if (right !== undefined) return [cleanOption(inline[1]), right];
  }
  const whoInline =
    /^(?:who|which) (?:\w+ )?(?:was|is|were|came|died|lived) [\w ]*?\b(?:first|earlier|later|longer|older|younger)\b ?[:,]?(.+?) or (.+)/i.exec(
      text,
    );
  if (whoInline?.[1] !== undefined && whoInline[2] !== undefined) {
    const left = cleanOption(whoInline[1]);
    const right = cleanOption(whoInline[2]);
    if (left.length > 0 && right.length > 0) return [left, right];
  }
  return undefined;
}

/** The proper name a text starts with: "Ivo Delle Brand born first" → "Ivo Delle Brand". */
function leadingName(text: string): string | undefined {
  const quoted = quotedSpans(text)[0];
  if (quoted !== undefined && quoted.start <= 1) return quoted.text;
  const chunk = capitalisedChunks(text)[0];
  if (chunk === undefined || chunk.start > 0) return undefined;
  return chunk.text;
}

/** The proper name a text ends with (a comma or quote may follow): "Are Salt Harbour," → "Salt Harbour". */
function trailingName(text: string): string | undefined {
  const quoted = quotedSpans(text).at(-1);
  if (quoted !== undefined && quoted.end >= text.length - 1) return quoted.text;
  const chunk = capitalisedChunks(text).at(-1);
  if (chunk === undefined || chunk.end < text.replace(/[,'"’”]+$/, '').length) return undefined;
  // The question's verb starts the chunk ("Are Salt Harbour"); a quoted title keeps its "Is".
  return chunk.text.replace(/^(?:Are|Is|Do|Did|Were|Was) /, '');
}

/** "Are A and B both …", "Do both directors of films A and B …": the subjects around " and ". */
export function parseConjunctionOptions(question: string): readonly [string, string] | undefined {
  const text = normalised(question);
  for (const match of text.matchAll(/ (?:and|&) /g)) {
    const leftName = trailingName(text.slice(0, match.index));
    const rightName = leadingName(text.slice(match.index + match[0].length));
    if (leftName !== undefined && rightName !== undefined) {
      const options = [cleanOption(leftName), cleanOption(rightName)] as const;
      // One name twice (two namesakes) gives no two subjects to tell apart.
      if (options[0] !== options[1]) return options;
    }
  }
  return undefined;
}

function eventOf(question: string): ComparisonEvent {
  if (/\b(?:born|birth)\b/i.test(question)) return 'birth';
  if (/\b(?:died|die|death|dead)\b/i.test(question)) return 'death';
  return 'other';
}

function yesNoAttribute(question: string): YesNoAttribute {
  if (/\bnationalit/i.test(question)) return 'nationality';
  if (/\bcountr/i.test(question)) return 'country';
  if (
    /\b(?:place|city|town|born in the same|located in the same|same (?:place|city|town|state|region))\b/i.test(
      question,
    )
  )
    return 'place';
  if (/\b(?:year|date|day|born on the same|same (?:year|date|day|time))\b/i.test(question)) return 'date';
  if (/\b(?:director|composer|author|writer|performer|father|mother|producer|founder)\b/i.test(question))
    return 'person';
  return 'other';
}

/** Reads a question's form: a comparison between two named options, a yes/no equality, or a chain. */
export function classifyQuestion(question: string): QuestionForm {
  const text = normalised(question);
  const isYesNo = /^(?:is|are|was|were|do|does|did|has|have|had)\b/i.test(text);
  const options = parseChoiceOptions(text);
  const hasComparisonWord =
    earlyWords.test(text) ||
    lateWords.test(text) ||
    moreWords.test(text) ||
    lessWords.test(text) ||
    /\blived longer\b/i.test(text);
  if (options !== undefined && hasComparisonWord) {
    // Read the event from the question without its options: a film called "Find Her And Run" names no death.
    const event = eventOf(options.reduce((rest, option) => rest.replace(option, ' '), text));
    if (/\blived? longer\b|\blonger life\b|\blonger lifespan\b/i.test(text)) {
      return { kind: 'comparison', options, measure: 'lifespan', direction: 'max', event: 'other' };
    }
    if (/\b(?:older|oldest|elder)\b/i.test(text) && event !== 'death') {
      return { kind: 'comparison', options, measure: 'age', direction: 'max', event: 'birth' };
    }
    if (/\b(?:younger|youngest)\b/i.test(text) && event !== 'death') {
      return { kind: 'comparison', options, measure: 'age', direction: 'min', event: 'birth' };
    }
    if (earlyWords.test(text))
      return { kind: 'comparison', options, measure: 'date', direction: 'min', event };
    if (lateWords.test(text))
      return { kind: 'comparison', options, measure: 'date', direction: 'max', event };
    if (moreWords.test(text))
      return { kind: 'comparison', options, measure: 'number', direction: 'max', event };
    return { kind: 'comparison', options, measure: 'number', direction: 'min', event };
  }
  if (isYesNo && options === undefined) {
    const subjects = parseConjunctionOptions(text);
    return {
      kind: 'yes-no',
      attribute: yesNoAttribute(text),
      ...(subjects === undefined ? {} : { options: subjects }),
    };
  }
  if (/\bin common\b|\b(?:did|do|does)\b.+\bshare\b|\bwhat (?:are|were) both\b/i.test(text)) {
    const subjects = parseConjunctionOptions(text);
    return { kind: 'common', ...(subjects === undefined ? {} : { options: subjects }) };
  }
  const between = /^between (.+?) and (.+?),/i.exec(text);
  if (between?.[1] !== undefined && between[2] !== undefined) {
    return { kind: 'choice', options: [cleanOption(between[1]), cleanOption(between[2])] };
  }
  if (options !== undefined && /^(?:which|who|what)\b/i.test(text)) return { kind: 'choice', options };
  return { kind: 'chain' };
}
