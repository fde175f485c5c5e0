import { isRecord, readJsonLines } from './json-lines.js';
import type { CorpusReadResult, InputProblem, Passage } from './passage.js';

/**
 * Reads a JSONL corpus of `{id, title, text}` records. A line that is not JSON, a record missing a
 * field, an empty passage or a repeated id is reported with file and line; the rest is read.
 */
export async function readJsonlCorpus(file: string): Promise<CorpusReadResult> {
  const { lines, problems } = await readJsonLines(file);
  const passages: Passage[] = [];
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
    passages.push({ id, title: String(value.title).trim(), text, source: { file, line } });
  }
  return { passages, problems };
}
