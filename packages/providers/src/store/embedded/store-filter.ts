import type { StoreFilter } from '@rootweaver/core';

export interface FilterSql {
  /** Conditions on alias `i` (the items table), joined by AND; empty when nothing is filtered. */
  readonly sql: string;
  readonly parameters: unknown[];
}

function jsonPath(key: string): string {
  return `$."${key.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** Whether a filter lets every item through. */
export function isFilterEmpty(filter: StoreFilter | undefined): boolean {
  return (
    filter === undefined ||
    (filter.kind === undefined &&
      filter.documentIds === undefined &&
      Object.keys(filter.metadata ?? {}).length === 0)
  );
}

/** SQL conditions on alias `i` (items) for a filter, with their parameters; values are always bound. */
export function filterSql(filter: StoreFilter | undefined): FilterSql {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (filter?.kind !== undefined) {
    conditions.push('i.kind = ?');
    parameters.push(filter.kind);
  }
  if (filter?.documentIds !== undefined) {
    conditions.push(
      'i.passage_rowid IN (SELECT rowid FROM passages WHERE document_id IN (SELECT value FROM json_each(?)))',
    );
    parameters.push(JSON.stringify(filter.documentIds));
  }
  for (const [key, value] of Object.entries(filter?.metadata ?? {})) {
    const path = jsonPath(key);
    if (typeof value === 'boolean') {
      conditions.push('json_type(i.metadata, ?) = ?');
      parameters.push(path, value ? 'true' : 'false');
    } else if (typeof value === 'number') {
      conditions.push("json_type(i.metadata, ?) IN ('integer', 'real') AND json_extract(i.metadata, ?) = ?");
      parameters.push(path, path, value);
    } else {
      conditions.push("json_type(i.metadata, ?) = 'text' AND json_extract(i.metadata, ?) = ?");
      parameters.push(path, path, value);
    }
  }
  return { sql: conditions.join(' AND '), parameters };
}
