import type { TextSpan } from './text.js';

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const monthPattern =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const eraPattern = '(?:\\s*(?:BC|BCE|AD|CE)\\b)?';

/** A date found in text, with a sortable value (year·10⁴ + month·10² + day; BC years negative). */
export interface DateValue extends TextSpan {
  readonly year: number;
  readonly month?: number;
  readonly day?: number;
  readonly sortKey: number;
  readonly precision: 'day' | 'month' | 'year';
}

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace('.', '');
  return monthNames.findIndex((month) => month.startsWith(lower.slice(0, 3))) + 1;
}

function yearValue(raw: string, era: string): number {
  const year = Number.parseInt(raw, 10);
  return /B\.?C/i.test(era) ? -year : year;
}

function build(
  text: string,
  start: number,
  end: number,
  year: number,
  month: number | undefined,
  day: number | undefined,
): DateValue {
  const precision = day !== undefined ? 'day' : month !== undefined ? 'month' : 'year';
  const sortKey = year * 10_000 + (month ?? 0) * 100 + (day ?? 0);
  return {
    text: text.slice(start, end).trim(),
    start,
    end,
    year,
    sortKey,
    precision,
    ...(month === undefined ? {} : { month }),
    ...(day === undefined ? {} : { day }),
  };
}

interface DateParts {
  readonly year: number;
  readonly month?: number;
  readonly day?: number;
}

/** A way dates are written: its pattern and how a match reads, or undefined when it is no date. */
interface DateShape {
  readonly pattern: RegExp;
  readonly read: (match: RegExpMatchArray) => DateParts | undefined;
}

function dayDate(dayText: string, monthText: string, yearText: string, era: string): DateParts | undefined {
  const day = Number.parseInt(dayText, 10);
  const month = monthIndex(monthText);
  if (day < 1 || day > 31 || month < 1) return undefined;
  return { year: yearValue(yearText, era), month, day };
}

/** In order of precedence: a span one shape took is not read again by a later one. */
const dateShapes: readonly DateShape[] = [
  {
    pattern: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${monthPattern})\\s*,?\\s+(\\d{1,4})(${eraPattern})`,
      'gi',
    ),
    read: (match) => dayDate(match[1] ?? '', match[2] ?? '', match[3] ?? '', match[4] ?? ''),
  },
  {
    pattern: new RegExp(
      `\\b(${monthPattern})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{1,4})(${eraPattern})`,
      'gi',
    ),
    read: (match) => dayDate(match[2] ?? '', match[1] ?? '', match[3] ?? '', match[4] ?? ''),
  },
  {
    pattern: new RegExp(`\\b(${monthPattern})\\s+(?:of\\s+)?(\\d{3,4})(${eraPattern})`, 'gi'),
    read: (match) => {
      const month = monthIndex(match[1] ?? '');
      return month < 1 ? undefined : { year: yearValue(match[2] ?? '', match[3] ?? ''), month };
    },
  },
  {
    pattern: /\b(\d{1,4})\s*(BC|BCE|AD|CE)\b/g,
    read: (match) => ({ year: yearValue(match[1] ?? '', match[2] ?? '') }),
  },
  {
    pattern:
      /(?<![\d,.])\b(1\d{3}|20\d{2}|[5-9]\d{2})\b(?![\d,.]\d)(?!\s*(?:%|percent|people|km|m\b|metres|meters|miles|feet))/g,
    read: (match) => ({ year: Number.parseInt(match[1] ?? '', 10) }),
  },
  // A decade: "in the 1970s" is a year-precision date that keeps its text.
  {
    pattern: /(?<![\d,.'’])\b(1\d{2}0|20\d0)s\b/g,
    read: (match) => ({ year: Number.parseInt(match[1] ?? '', 10) }),
  },
];

/** Every date in a text: "12 May 1954", "May 12, 1954", "May 1954", "1954", "c. 1654", "44 BC", "the 1970s". */
export function findDates(text: string): DateValue[] {
  const found: DateValue[] = [];
  for (const shape of dateShapes) {
    for (const match of text.matchAll(shape.pattern)) {
      const end = match.index + match[0].length;
      if (found.some((date) => match.index < date.end && end > date.start)) continue;
      const parts = shape.read(match);
      // No calendar has a year 0 (1 BC is followed by AD 1): "1 January 0" is no date.
      if (parts !== undefined && parts.year !== 0)
        found.push(build(text, match.index, end, parts.year, parts.month, parts.day));
    }
  }
  return found.sort((left, right) => left.start - right.start);
}

/** The first date in a text, or undefined. */
export function parseDate(text: string): DateValue | undefined {
  return findDates(text)[0];
}

/** A number found in text. */
export interface NumberValue extends TextSpan {
  readonly value: number;
}

const numberWords: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/**
 * Numbers: "1,234", "12.5", "3 million", "four". The span keeps a currency sign before it and a
 * percent after it ("$59,039", "48.8 percent", "12%"): they are part of the answer as written.
 */
export function findNumbers(text: string): NumberValue[] {
  const found: NumberValue[] = [];
  const pattern =
    /(?:[$€£]\s?)?\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million|billion))?(?:\s*%|\s+per\s?cent\b)?(?!\w)|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b/gi;
  for (const match of text.matchAll(pattern)) {
    let value: number;
    if (match[1] !== undefined) {
      value = Number.parseFloat(match[1].replace(/,/g, ''));
      const scale = (match[2] ?? '').trim().toLowerCase();
      if (scale === 'thousand') value *= 1_000;
      if (scale === 'million') value *= 1_000_000;
      if (scale === 'billion') value *= 1_000_000_000;
    } else {
      value = numberWords[(match[3] ?? '').toLowerCase()] ?? Number.NaN;
    }
    if (Number.isNaN(value)) continue;
    found.push({ text: match[0], start: match.index, end: match.index + match[0].length, value });
  }
  return found;
}
