import type { GeneratedPair } from './qa-generator.js';

function pairOf(value: unknown): GeneratedPair | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const question = record.question ?? record.q;
  const answer = record.answer ?? record.a;
  if (typeof question !== 'string' || typeof answer !== 'string') return undefined;
  return { question, answer: answer.trim(), rule: 'llm' };
}

/**
 * Reads QA pairs from an LLM reply: `{"pairs": [{"question", "answer"}]}`, a bare array, `q`/`a`
 * keys, inside a ```json fence or surrounded by prose. Returns `undefined` when no JSON is found.
 */
export function parseQaReply(text: string): GeneratedPair[] | undefined {
  const unfenced = text.replace(/```(?:json)?/gi, '').trim();
  const candidates = [unfenced];
  const objectStart = unfenced.indexOf('{');
  const arrayStart = unfenced.indexOf('[');
  if (objectStart >= 0) candidates.push(unfenced.slice(objectStart, unfenced.lastIndexOf('}') + 1));
  if (arrayStart >= 0) candidates.push(unfenced.slice(arrayStart, unfenced.lastIndexOf(']') + 1));
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    const list = Array.isArray(parsed)
      ? parsed
      : typeof parsed === 'object' && parsed !== null
        ? Object.values(parsed as Record<string, unknown>).find((value) => Array.isArray(value))
        : undefined;
    if (!Array.isArray(list)) continue;
    return list.map(pairOf).filter((pair): pair is GeneratedPair => pair !== undefined);
  }
  return undefined;
}
