import { createHash } from 'node:crypto';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The id of an atomic QA item: sha256 of passage id, question and answer, first 32 hex digits. */
export function qaItemId(options: { documentId: string; question: string; answer: string }): string {
  return sha256(`${options.documentId}\u0000${options.question}\u0000${options.answer}`).slice(0, 32);
}

/** JSON with keys sorted, so equal metadata hashes equal whatever order it was written in. */
function stableJson(value: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(value).sort(([left], [right]) => (left < right ? -1 : 1))),
  );
}

/**
 * What decides whether a passage changed: its title and text, and — for documents that have them —
 * its kind, table cells and metadata (a front matter edit replaces the pairs that carry it).
 */
export function contentHash(options: {
  readonly title: string;
  readonly text: string;
  readonly kind?: string;
  readonly cells?: readonly (readonly [string, string])[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}): string {
  const extra =
    options.kind === undefined && options.cells === undefined && options.metadata === undefined
      ? ''
      : `\u0000${options.kind ?? 'prose'}\u0000${JSON.stringify(options.cells ?? [])}\u0000${stableJson(options.metadata ?? {})}`;
  return sha256(`${options.title}\u0000${options.text}${extra}`).slice(0, 32);
}

/** One hash for the whole corpus: passage ids and content hashes, in id order. */
export function corpusHash(entries: Iterable<readonly [string, string]>): string {
  const lines = [...entries].map(([id, hash]) => `${id}\t${hash}`).sort();
  return sha256(lines.join('\n')).slice(0, 32);
}
