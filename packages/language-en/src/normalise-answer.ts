/**
 * The one answer normaliser of the answer path (extractors, composition, the trained reader's vote):
 * SQuAD's rules — lower case, punctuation and the English articles a/an/the dropped, white space
 * collapsed — over Unicode letters and digits (a dash or a curly quote is punctuation too). Two answers
 * are the same answer when their normal forms are equal. (`@rootweaver/eval` scores with the official
 * SQuAD script's ASCII-only rules, so its figures stay comparable with published ones.)
 */
export function normaliseAnswer(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/(?<![\p{L}\p{N}])(a|an|the)(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
