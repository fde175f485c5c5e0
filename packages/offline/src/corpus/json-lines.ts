import { readFile } from 'node:fs/promises';
import { RootweaverError } from '@rootweaver/core';
import type { InputProblem } from './document.js';

/** One parsed line of a JSONL file, with its 1-based line number. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

/**
 * Reads a JSONL file: blank lines are skipped; a line that is not JSON becomes a problem with file
 * and line, and the rest is read.
 */
export async function readJsonLines(file: string): Promise<{ lines: JsonLine[]; problems: InputProblem[] }> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    throw new RootweaverError(
      'not-found',
      `Cannot read ${file}: check that the file exists and is readable.`,
      {
        cause: error,
      },
    );
  }
  const lines: JsonLine[] = [];
  const problems: InputProblem[] = [];
  let lineNumber = 0;
  for (const raw of content.split('\n')) {
    lineNumber += 1;
    const text = raw.trim();
    if (text === '') continue;
    try {
      lines.push({ line: lineNumber, value: JSON.parse(text) as unknown });
    } catch (error) {
      problems.push({ file, line: lineNumber, message: `not JSON (${(error as Error).message})` });
    }
  }
  return { lines, problems };
}

/** A non-null object read from JSON, for field-by-field checks. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
