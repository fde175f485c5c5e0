import { RootweaverError } from '../errors.js';
import type { MetadataCondition, MetadataValue, StoreFilter } from '../spec/knowledge-store.js';

/** The metadata key that holds an item's source path (`docs/guide.md`); `sourcePrefix` filters on it. */
export const sourceMetadataKey = 'source';

/**
 * What a question may be restricted to (`AskOptions.filter`, `"filter"` of `POST /v1/ask`, the MCP
 * tools, `--filter` of the CLI): metadata conditions, all of which must hold, and a source folder.
 */
export type RetrievalFilter = Pick<StoreFilter, 'metadata' | 'sourcePrefix'>;

function isMetadataValue(value: unknown): value is MetadataValue {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Whether a stored metadata value meets a condition: equal (type included), or equal to one of `in`. */
export function meetsCondition(value: MetadataValue | undefined, condition: MetadataCondition): boolean {
  if (value === undefined) return false;
  return typeof condition === 'object' ? condition.in.includes(value) : value === condition;
}

/** `docs/api/` and `docs/api` are the same prefix; backslashes are read as `/`. */
export function normaliseSourcePrefix(prefix: string): string {
  return prefix.replaceAll('\\', '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

/** Whether a source path is the prefix itself or lies under it as a folder. */
export function isUnderSource(source: MetadataValue | undefined, prefix: string): boolean {
  if (typeof source !== 'string') return false;
  const folder = normaliseSourcePrefix(prefix);
  return folder === '' || source === folder || source.startsWith(`${folder}/`);
}

/** Whether a filter restricts nothing (undefined, or no condition and no prefix). */
export function isRetrievalFilterEmpty(filter: RetrievalFilter | undefined): boolean {
  return (
    filter === undefined ||
    (Object.keys(filter.metadata ?? {}).length === 0 &&
      (filter.sourcePrefix === undefined || normaliseSourcePrefix(filter.sourcePrefix) === ''))
  );
}

/**
 * Checks a filter's shape as given in code (types are not enough across an HTTP or MCP boundary): each
 * condition a string, number or boolean, or `{ in: [...] }` of at least one; the prefix a string.
 * Throws `invalid-input` naming the key and what it must be.
 */
export function validateRetrievalFilter(filter: unknown): RetrievalFilter | undefined {
  if (filter === undefined) return undefined;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new RootweaverError(
      'invalid-input',
      'filter must be an object like {"metadata": {"lang": "en"}, "sourcePrefix": "docs/"}.',
    );
  }
  const { metadata, sourcePrefix, ...rest } = filter as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) {
    throw new RootweaverError(
      'invalid-input',
      `filter has unknown field(s) ${extra.map((key) => `\`${key}\``).join(', ')}: it takes \`metadata\` and \`sourcePrefix\`.`,
    );
  }
  if (sourcePrefix !== undefined && typeof sourcePrefix !== 'string') {
    throw new RootweaverError('invalid-input', 'filter.sourcePrefix must be a string, e.g. "docs/guides".');
  }
  if (
    metadata !== undefined &&
    (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
  ) {
    throw new RootweaverError(
      'invalid-input',
      'filter.metadata must be an object of key → value or key → {"in": [values]}.',
    );
  }
  for (const [key, condition] of Object.entries((metadata ?? {}) as Record<string, unknown>)) {
    if (isMetadataValue(condition)) continue;
    const values = (condition as { in?: unknown } | null)?.in;
    const onlyIn = typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1;
    if (onlyIn && Array.isArray(values) && values.length > 0 && values.every(isMetadataValue)) continue;
    throw new RootweaverError(
      'invalid-input',
      `filter.metadata.${key} must be a string, a number, a boolean or {"in": [one or more of them]}; got ${JSON.stringify(condition)}.`,
    );
  }
  return filter as RetrievalFilter;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * Throws `invalid-input` when the filter names a metadata key no item of the index has (or asks for a
 * source prefix on an index that records no sources): such a filter would answer nothing, silently.
 */
export function assertFilterKeysKnown(filter: RetrievalFilter, knownKeys: readonly string[]): void {
  const known = new Set(knownKeys);
  const asked = Object.keys(filter.metadata ?? {});
  if (!isRetrievalFilterEmpty({ sourcePrefix: filter.sourcePrefix ?? '' })) asked.push(sourceMetadataKey);
  const unknown = [...new Set(asked)].filter((key) => !known.has(key));
  if (unknown.length === 0) return;
  const [first = ''] = unknown;
  const suggestion = knownKeys
    .map((key) => ({ key, distance: editDistance(first.toLowerCase(), key.toLowerCase()) }))
    .filter((entry) => entry.distance <= Math.max(1, Math.floor(first.length / 3)))
    .sort((left, right) => left.distance - right.distance)[0]?.key;
  const listed =
    knownKeys.length === 0 ? 'it has no metadata at all' : `its keys are ${knownKeys.join(', ')}`;
  throw new RootweaverError(
    'invalid-input',
    `Unknown filter key${unknown.length === 1 ? '' : 's'} ${unknown.map((key) => `\`${key}\``).join(', ')}: no item of this index has ${unknown.length === 1 ? 'it' : 'them'}${suggestion === undefined ? '' : ` — did you mean \`${suggestion}\`?`} (${listed}). ` +
      'Filter on a key the documents carry (front matter, extra JSONL fields, `source`), or rebuild the index so they carry it.',
    { details: { unknownKeys: unknown, knownKeys } },
  );
}
