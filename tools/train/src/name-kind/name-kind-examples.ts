import type { AnswerType, NameKind } from '@rootweaver/core';
import { nameKinds } from '@rootweaver/core';
import { inferAnswerType } from '@rootweaver/innovations';
import type { QaRecord } from '../reader/ranker-examples.js';

/** A name and the kind of thing its question asked for. */
export interface NameKindExample {
  readonly name: string;
  /** Index into `nameKinds`. */
  readonly kind: number;
}

/** The question's answer type (`inferAnswerType`, the heuristic's own) as a name kind; a country is a place. */
const kindOfType: Partial<Record<AnswerType, NameKind>> = {
  person: 'person',
  place: 'place',
  country: 'place',
  organisation: 'organisation',
  title: 'title',
};

/** Longer answers are descriptions, not names. */
const maxNameWords = 8;

/**
 * One example per extraction record whose question asks for a person, place, organisation or title and
 * whose answer looks like a name: it starts with a capital letter or a quote and holds no digit.
 */
export function nameKindExamplesOf(records: readonly QaRecord[]): NameKindExample[] {
  const examples: NameKindExample[] = [];
  for (const record of records) {
    const kind = kindOfType[inferAnswerType(record.question)];
    const name = record.answers.text[0]?.trim() ?? '';
    if (kind === undefined || !/^[\p{Lu}"'‘“]/u.test(name) || /\p{N}/u.test(name)) continue;
    if (name.split(/\s+/).length > maxNameWords) continue;
    examples.push({ name, kind: nameKinds.indexOf(kind) });
  }
  return examples;
}
