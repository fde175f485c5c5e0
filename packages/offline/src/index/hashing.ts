import { createHash } from 'node:crypto';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The id of an atomic QA item: sha256 of passage id, question and answer, first 32 hex digits. */
export function qaItemId(options: { documentId: string; question: string; answer: string }): string {
  return sha256(`${options.documentId}\u0000${options.question}\u0000${options.answer}`).slice(0, 32);
}

/** What decides whether a passage changed: its title and text. */
export function contentHash(options: { title: string; text: string }): string {
  return sha256(`${options.title}\u0000${options.text}`).slice(0, 32);
}

/** One hash for the whole corpus: passage ids and content hashes, in id order. */
export function corpusHash(entries: Iterable<readonly [string, string]>): string {
  const lines = [...entries].map(([id, hash]) => `${id}\t${hash}`).sort();
  return sha256(lines.join('\n')).slice(0, 32);
}
