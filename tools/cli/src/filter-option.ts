import type { MetadataValue, RetrievalFilter } from '@rootweaver/core';
import { CliUsageError } from './cli-usage-error.js';
import type { OptionSpec, ParsedArguments } from './parse-arguments.js';

/** `--filter key=value` (repeatable) and `--source-prefix FOLDER`: `AskOptions.filter` from the command line. */
export const filterOptions = {
  filter: { type: 'string', multiple: true },
  'source-prefix': { type: 'string' },
} as const satisfies OptionSpec;

export const filterOptionsUsage = `  --filter KEY=VALUE   answer only from documents whose metadata KEY (front matter, extra JSONL
                  fields, source, section) is VALUE; repeat a key for any of several values, repeat
                  keys for all of them. VALUE 2 or true also matches the number 2 or the boolean true
  --source-prefix FOLDER   answer only from documents whose source path lies under FOLDER`;

/** A command-line value as the values metadata may hold: `2` may be the string or the number, `true` the boolean. */
function readings(value: string): MetadataValue[] {
  const values: MetadataValue[] = [value];
  if (value === 'true' || value === 'false') values.push(value === 'true');
  else if (/^-?\d+(?:\.\d+)?$/.test(value)) values.push(Number(value));
  return values;
}

/** Reads `filterOptions`; a `--filter` without `=` is a usage error. */
export function filterFrom(command: string, values: ParsedArguments['values']): RetrievalFilter | undefined {
  const given = values.filter;
  const entries = (Array.isArray(given) ? given : given === undefined ? [] : [given]).map(String);
  const metadata: Record<string, MetadataValue[]> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const key = entry.slice(0, equals).trim();
    if (equals < 1 || key === '') {
      throw new CliUsageError(
        `${command}: --filter needs KEY=VALUE, e.g. --filter version=2 (got "${entry}").`,
      );
    }
    const list = metadata[key] ?? [];
    for (const reading of readings(entry.slice(equals + 1).trim()))
      if (!list.includes(reading)) list.push(reading);
    metadata[key] = list;
  }
  const prefix = values['source-prefix'];
  const sourcePrefix = typeof prefix === 'string' && prefix.trim() !== '' ? prefix.trim() : undefined;
  if (Object.keys(metadata).length === 0 && sourcePrefix === undefined) return undefined;
  return {
    ...(Object.keys(metadata).length === 0
      ? {}
      : {
          metadata: Object.fromEntries(
            Object.entries(metadata).map(([key, list]) => [
              key,
              list.length === 1 ? (list[0] as MetadataValue) : { in: list },
            ]),
          ),
        }),
    ...(sourcePrefix === undefined ? {} : { sourcePrefix }),
  };
}
