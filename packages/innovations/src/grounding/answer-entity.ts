import { isFunctionWord, nameSuffixes } from '@rootweaver/language-en';
import { capitalisedChunks } from '../extraction/text.js';

/** The most words an answer may have and still be taken whole as an entity. */
export const maxEntityWords = 10;

/**
 * The entity a parent's answer names, or undefined when it does not fit a question: empty,
 * yes/no, "unknown", or a long sentence with no proper noun in it. A long answer gives its first
 * proper-noun chunk, which is still a substring of the answer (never an invented entity).
 */
export function answerEntity(answer: string): string | undefined {
  // The closing mark may sit outside the quotes ('"Salt Wind".') or inside them ('"Salt Wind."').
  const cleaned = answer
    .trim()
    .replace(/[.;,]+$/, '')
    .replace(/^["'‘“]|["'’”]$/g, '')
    .replace(/[.;,]+$/, '')
    .trim();
  if (cleaned.length === 0) return undefined;
  if (/^(?:yes|no|unknown|none|n\/a|not (?:known|found|mentioned|available)|i don't know)$/i.test(cleaned))
    return undefined;
  // An entity names something: a description such as "its artistic director" fits no question.
  if (!/[\p{Lu}\p{N}]/u.test(cleaned)) return undefined;
  if (cleaned.split(/\s+/).length <= maxEntityWords) return withoutNameSuffix(cleaned);
  // A sentence's capitalised first word ("The film was …") is no name.
  const chunk = capitalisedChunks(cleaned).find((candidate) => !isFunctionWord(candidate.text.toLowerCase()));
  return chunk === undefined ? undefined : chunk.text;
}

/**
 * A person's name without its generational suffix ("Ada Quill Jr." → "Ada Quill"): the pairs and
 * passages a next hop searches name the person by the bare name (a title, a later mention) as often
 * as with it. A prefix of the answer, so still a substring of it.
 */
function withoutNameSuffix(name: string): string {
  const match = /^(.+?)(?:,\s*|\s+)(\p{L}+)\.?$/u.exec(name);
  if (match === null || !nameSuffixes.has((match[2] ?? '').toLowerCase())) return name;
  const bare = match[1] ?? name;
  // A name of at least two words stays: a bare first name would name anyone.
  return /\s/.test(bare) ? bare : name;
}
