import type { MetadataValue, StoreFilter } from '@rootweaver/core';
import { isRetrievalFilterEmpty, normaliseSourcePrefix, sourceMetadataKey } from '@rootweaver/core';

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
    (filter.kind === undefined && filter.documentIds === undefined && isRetrievalFilterEmpty(filter))
  );
}

/** One value's condition, typed as JSON stores it: `2` is not `'2'`, `true` is not `'true'`. */
function valueSql(path: string, value: MetadataValue): { sql: string; parameters: unknown[] } {
  if (typeof value === 'boolean')
    return { sql: 'json_type(i.metadata, ?) = ?', parameters: [path, value ? 'true' : 'false'] };
  if (typeof value === 'number') {
    return {
      sql: "(json_type(i.metadata, ?) IN ('integer', 'real') AND json_extract(i.metadata, ?) = ?)",
      parameters: [path, path, value],
    };
  }
  return {
    sql: "(json_type(i.metadata, ?) = 'text' AND json_extract(i.metadata, ?) = ?)",
    parameters: [path, path, value],
  };
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
  for (const [key, condition] of Object.entries(filter?.metadata ?? {})) {
    const path = jsonPath(key);
    const alternatives = (typeof condition === 'object' ? condition.in : [condition]).map((value) =>
      valueSql(path, value),
    );
    conditions.push(`(${alternatives.map((alternative) => alternative.sql).join(' OR ')})`);
    for (const alternative of alternatives) parameters.push(...alternative.parameters);
  }
  const folder = filter?.sourcePrefix === undefined ? '' : normaliseSourcePrefix(filter.sourcePrefix);
  if (folder !== '') {
    const path = jsonPath(sourceMetadataKey);
    // substr, not LIKE: LIKE ignores ASCII case, and paths do not.
    conditions.push(
      "(json_type(i.metadata, ?) = 'text' AND (json_extract(i.metadata, ?) = ? OR substr(json_extract(i.metadata, ?), 1, ?) = ?))",
    );
    parameters.push(path, path, folder, path, [...folder].length + 1, `${folder}/`); // substr counts code points
  }
  return { sql: conditions.join(' AND '), parameters };
}
