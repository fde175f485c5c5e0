/** Lower case, no accents, punctuation as spaces, single spaces: for "found in the passage" checks. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
