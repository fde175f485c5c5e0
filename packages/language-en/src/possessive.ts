/**
 * The possessive of a name or phrase: "Mara Quill's", but "Marcus Ellis'" — an apostrophe alone after a
 * final "s", as CompactRAG's rewrite set writes it (95 of 116 such answers in `rewrite/train.json`).
 */
export function possessiveOf(phrase: string): string {
  return /s$/u.test(phrase) ? `${phrase}'` : `${phrase}'s`;
}
