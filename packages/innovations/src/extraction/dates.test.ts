import { describe, expect, it } from 'vitest';
import { findDates, findNumbers, parseDate } from './dates.js';

describe('findNumbers', () => {
  it('keeps a currency sign and a percent with the number, as the answer is written', () => {
    const found = findNumbers('The median income was $48,250 and 12.5 percent of homes were empty; 7% rent.');
    expect(found.map((number) => [number.text, number.value])).toEqual([
      ['$48,250', 48_250],
      ['12.5 percent', 12.5],
      ['7%', 7],
    ]);
  });

  it('reads scales and number words up to ninety', () => {
    const found = findNumbers('about 3 million people, sixteen bridges and ninety towers');
    expect(found.map((number) => [number.text, number.value])).toEqual([
      ['3 million', 3_000_000],
      ['sixteen', 16],
      ['ninety', 90],
    ]);
  });

  it('does not read an ordinal or a decade as a number', () => {
    expect(findNumbers('the 3rd edition of the 1980s')).toEqual([]);
  });
});

describe('findDates', () => {
  it('finds a decade as a year-precision date that keeps its text', () => {
    const [decade] = findDates('The town elected its first mayor in the 1970s.');
    expect(decade).toMatchObject({ text: '1970s', year: 1970, precision: 'year' });
  });

  it('keeps day, month and year dates ahead of the bare years inside them', () => {
    const found = findDates('born 4 March 1921 in Orlen, died 1990');
    expect(found.map((date) => [date.text, date.precision])).toEqual([
      ['4 March 1921', 'day'],
      ['1990', 'year'],
    ]);
  });
});

describe('findDates: there is no year 0', () => {
  it('reads no date with year 0 (1 BC is followed by AD 1)', () => {
    expect(parseDate('1 January 0')).toBeUndefined();
    expect(parseDate('January 1, 0')).toBeUndefined();
    expect(findDates('in 0 AD, and in 1 AD')).toEqual([expect.objectContaining({ year: 1, text: '1 AD' })]);
  });
});
