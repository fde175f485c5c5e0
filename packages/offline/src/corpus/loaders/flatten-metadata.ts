import type { MetadataValue } from '@rootweaver/core';

/**
 * Keys the build sets on every pair itself (the generator's and the pipeline's): a document may not
 * set them. `source` is not among them: a document's own `source` wins over its file path.
 */
export const reservedMetadataKeys: ReadonlySet<string> = new Set([
  'generator',
  'sentence',
  'rule',
  'section',
  'code_language',
  'links',
]);

function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

function scalar(value: unknown): MetadataValue | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : isoDate(value);
  return undefined;
}

/**
 * Front matter or a JSONL record's extra fields as flat metadata: strings, numbers and booleans as
 * they are, dates as ISO dates, a list of scalars as one string joined by `, `, a nested object by
 * dotted keys (`author.name`); null and empty values are left out. Returns the keys it had to drop
 * (reserved, or a list holding objects) so the caller can report them.
 */
export function flattenMetadata(
  value: Readonly<Record<string, unknown>>,
  prefix = '',
): { metadata: Record<string, MetadataValue>; dropped: string[] } {
  const metadata: Record<string, MetadataValue> = {};
  const dropped: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    const key = `${prefix}${name}`;
    if (prefix === '' && reservedMetadataKeys.has(key)) {
      dropped.push(key);
      continue;
    }
    const single = scalar(field);
    if (single !== undefined) {
      metadata[key] = single;
    } else if (Array.isArray(field)) {
      const items = field.map(scalar);
      if (items.some((item, index) => item === undefined && field[index] !== null)) dropped.push(key);
      else if (items.length > 0) metadata[key] = items.filter((item) => item !== undefined).join(', ');
    } else if (typeof field === 'object' && field !== null && !(field instanceof Date)) {
      const nested = flattenMetadata(field as Record<string, unknown>, `${key}.`);
      Object.assign(metadata, nested.metadata);
      dropped.push(...nested.dropped);
    }
  }
  return { metadata, dropped };
}
