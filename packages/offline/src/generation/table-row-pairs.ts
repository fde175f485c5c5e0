import type { GeneratedPair } from './qa-generator.js';

/** A header as it reads inside a question: lower case, unless it is an acronym or a code-like name. */
function headerWords(header: string): string {
  return /^[\p{Lu}\d\s]+$/u.test(header) || /[_.`/]/.test(header) ? header : header.toLowerCase();
}

/**
 * The pairs of one table row, by its structure and nothing else: the first cell names what the row
 * is about, and every other cell answers "What is the <header> of <first cell>?" (`| port | 8080 |`
 * under `| Option | Default |` → "What is the default of port?" → "8080"). A row of one cell gives
 * none (it is indexed as its text alone).
 */
export function tableRowPairs(cells: readonly (readonly [header: string, value: string])[]): GeneratedPair[] {
  const [first, ...rest] = cells;
  if (first === undefined) return [];
  const key = first[1];
  const sentence = cells.map(([header, value]) => `${header}: ${value}`).join('; ');
  return rest
    .filter(([, value]) => value !== key)
    .map(([header, value]) => ({
      question: `What is the ${headerWords(header)} of ${key}?`,
      answer: value,
      sentence,
      rule: 'table-row',
    }));
}
