import { basename } from 'node:path';
import { sourceMetadataKey } from '@rootweaver/core';
import type { CorpusReadResult, Document, InputProblem } from './document.js';
import { isRecord, readJsonLines } from './json-lines.js';
import { flattenMetadata } from './loaders/flatten-metadata.js';

/**
 * Reads a JSONL corpus of `{id, title, text}` records; every other field is metadata (flattened as
 * front matter is), and `source` is the file's name unless a record sets its own. A line that is not JSON, a record missing a
 * field, an empty passage or a repeated id is reported with file and line; the rest is read.
 */
export async function readJsonlCorpus(file: string): Promise<CorpusReadResult> {
  const { lines, problems } = await readJsonLines(file);
  const passages: Document[] = [];
  const seen = new Set<string>();
  const report = (line: number, message: string): void => {
    problems.push({ file, line, message } satisfies InputProblem);
  };
  for (const { line, value } of lines) {
    if (!isRecord(value)) {
      report(line, 'not a JSON object with id, title and text');
      continue;
    }
    const missing = ['id', 'title', 'text'].filter(
      (field) => typeof value[field] !== 'string' && typeof value[field] !== 'number',
    );
    if (missing.length > 0) {
      report(line, `missing field ${missing.join(', ')}`);
      continue;
    }
    const id = String(value.id);
    const text = String(value.text).trim();
    if (text === '') {
      report(line, `empty passage (id ${id})`);
      continue;
    }
    if (seen.has(id)) {
      report(line, `duplicate id ${id}; the first record is kept`);
      continue;
    }
    seen.add(id);
    const { id: _id, title, text: _text, ...extra } = value;
    const { metadata, dropped } = flattenMetadata(extra);
    if (dropped.length > 0)
      report(line, `field(s) ${dropped.join(', ')} are reserved or not plain values; left out`);
    passages.push({
      id,
      title: String(title).trim(),
      text,
      sectionPath: [],
      source: { file, line },
      metadata: { [sourceMetadataKey]: basename(file), ...metadata },
    });
  }
  return { passages, problems };
}
