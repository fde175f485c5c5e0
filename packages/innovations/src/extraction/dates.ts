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

/** Every date in a text: "12 May 1954", "May 12, 1954", "May 1954", "1954", "c. 1654", "44 BC". */
export function findDates(text: string): DateValue[] {
  const found: DateValue[] = [];
  const taken: [number, number][] = [];
  const overlaps = (start: number, end: number): boolean =>
    taken.some(([left, right]) => start < right && end > left);
  const add = (value: DateValue): void => {
    if (overlaps(value.start, value.end)) return;
    taken.push([value.start, value.end]);
    found.push(value);
  };
  const dayMonthYear = new RegExp(
    `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${monthPattern})\\s*,?\\s+(\\d{1,4})(${eraPattern})`,
    'gi',
  );
  for (const match of text.matchAll(dayMonthYear)) {
    const day = Number.parseInt(match[1] ?? '', 10);
    const month = monthIndex(match[2] ?? '');
    if (day < 1 || day > 31 || month < 1) continue;
    add(
      build(
        text,
        match.index,
        match.index + match[0].length,
        yearValue(match[3] ?? '', match[4] ?? ''),
        month,
        day,
      ),
    );
  }
  const monthDayYear = new RegExp(
    `\\b(${monthPattern})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{1,4})(${eraPattern})`,
    'gi',
  );
  for (const match of text.matchAll(monthDayYear)) {
    const month = monthIndex(match[1] ?? '');
    const day = Number.parseInt(match[2] ?? '', 10);
    if (day < 1 || day > 31 || month < 1) continue;
    add(
      build(
        text,
        match.index,
        match.index + match[0].length,
        yearValue(match[3] ?? '', match[4] ?? ''),
        month,
        day,
      ),
    );
  }
  const monthYear = new RegExp(`\\b(${monthPattern})\\s+(?:of\\s+)?(\\d{3,4})(${eraPattern})`, 'gi');
  for (const match of text.matchAll(monthYear)) {
    const month = monthIndex(match[1] ?? '');
    if (month < 1) continue;
    add(
      build(
        text,
        match.index,
        match.index + match[0].length,
        yearValue(match[2] ?? '', match[3] ?? ''),
        month,
        undefined,
      ),
    );
  }
  for (const match of text.matchAll(/\b(\d{1,4})\s*(BC|BCE|AD|CE)\b/g)) {
    add(
      build(
        text,
        match.index,
        match.index + match[0].length,
        yearValue(match[1] ?? '', match[2] ?? ''),
        undefined,
        undefined,
      ),
    );
  }
  // Bare years, then decades ("in the 1970s": a year-precision date that keeps its text).
  const years = [
    /(?<![\d,.])\b(1\d{3}|20\d{2}|[5-9]\d{2})\b(?![\d,.]\d)(?!\s*(?:%|percent|people|km|m\b|metres|meters|miles|feet))/g,
    /(?<![\d,.'’])\b(1\d{2}0|20\d0)s\b/g,
  ];
  for (const pattern of years) {
    for (const match of text.matchAll(pattern)) {
      const year = Number.parseInt(match[1] ?? '', 10);
      add(build(text, match.index, match.index + match[0].length, year, undefined, undefined));
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
