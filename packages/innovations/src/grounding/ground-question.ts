import type { GroundingMethod } from '@rootweaver/core';
import { agentVerb, possessiveOf, titleNouns } from '@rootweaver/language-en';
import { capitalisedChunks, quotedSpans, stem, wordTokens } from '../extraction/text.js';
import { answerEntity } from './answer-entity.js';

export interface ParentAnswer {
  readonly id: number;
  readonly question: string;
  readonly answer: string;
}

export interface GroundingResult {
  /** The sub-question with parent answers inserted; the original when no parent answer fits. */
  readonly text: string;
  readonly method: GroundingMethod;
  /** Ids of the parents whose answers were inserted. */
  readonly insertedFrom: readonly number[];
}

/** When a parent's answer is appended to a question that does not refer to it. */
export type AppendPolicy = 'never' | 'when-no-entity' | 'always';

export interface GroundQuestionOptions {
  readonly question: string;
  readonly parents: readonly ParentAnswer[];
  /** Default `when-no-entity`: append only when the question names no entity of its own. */
  readonly append?: AppendPolicy;
}

/** Filler that may differ between a parent's wording and the child's: "the film 'X'" vs "X". */
const fillerWords: ReadonlySet<string> = new Set(['the', 'a', 'an', ...titleNouns, 'band', 'play']);

/** The agent noun of a verb ("directed" → "director"); a song's singer is asked for as its performer. */
function agentNounOf(verb: string): string | undefined {
  return verb === 'sang' ? 'performer' : agentVerb(verb)?.agent;
}

interface Token {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

function tokensWithOffsets(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    word: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** What a parent question asks for, as a phrase a child may repeat: "the director of 'Le Vellard'". */
function descriptorsOf(parentQuestion: string): string[][] {
  const descriptors: string[][] = [];
  const body = parentQuestion.trim().replace(/\?+$/, '');
  const copula = /^(?:who|what|which)\s+(?:is|was|are|were)\s+(.+)/i.exec(body);
  // A descriptor names a relation ("the director of X", "X's father"), not just the entity ("Who is X?").
  if (
    copula?.[1] !== undefined &&
    /(?:^|\s)(?:the|a|an|this|that)\s+\p{Ll}|['’]s\s+\p{Ll}/u.test(copula[1])
  ) {
    descriptors.push(wordTokens(copula[1]));
  }
  const verb =
    /^(?:who|what|which(?:\s+\w+)?)\s+(directed|composed|wrote|written|produced|performed|sang|published|founded|created|designed|painted)\s+(.+)/i.exec(
      body,
    );
  if (verb?.[1] !== undefined && verb[2] !== undefined) {
    const noun = agentNounOf(verb[1].toLowerCase());
    if (noun !== undefined) descriptors.push(['the', noun, 'of', ...wordTokens(verb[2])]);
    // "the company that published X", "the man who directed X".
    descriptors.push([verb[1].toLowerCase(), ...wordTokens(verb[2])]);
  }
  const possessive = /^(?:who|what)\s+(?:is|was)\s+(.+?)'s\s+(\w+)$/i.exec(body);
  if (possessive?.[1] !== undefined && possessive[2] !== undefined) {
    descriptors.push(['the', possessive[2].toLowerCase(), 'of', ...wordTokens(possessive[1])]);
  }
  return descriptors
    .map((tokens) => tokens.filter((token) => !fillerWords.has(token)))
    .filter((tokens) => tokens.length >= 2);
}

/** Finds a parent's descriptor in the child and returns the character range to replace. */
function findDescriptor(question: string, descriptor: readonly string[]): [number, number] | undefined {
  const tokens = tokensWithOffsets(question).filter((token) => !fillerWords.has(token.word));
  outer: for (let start = 0; start + descriptor.length <= tokens.length; start += 1) {
    for (let offset = 0; offset < descriptor.length; offset += 1) {
      if (tokens[start + offset]?.word !== descriptor[offset]) continue outer;
    }
    const first = tokens[start];
    const last = tokens[start + descriptor.length - 1];
    if (first === undefined || last === undefined) return undefined;
    let from = first.start;
    // Take in a directly preceding "the film", "this", quotes.
    const before = question.slice(0, from);
    const lead =
      /(?:\b(?:[Tt]he|[Tt]his|[Tt]hat)\s+[\p{Ll}-]+\s+(?:that|which|who)\s+$)|(?:(?:\b(?:[Tt]he|[Tt]his|[Tt]hat)\s+)?(?:(?:film|movie|song|album|book|band)\s+)?['"‘“]?$)/u.exec(
        before,
      );
    if (lead !== null) from -= lead[0].length;
    let to = last.end;
    const trail = /^(?:\s*\(?\s*(?:film|movie|song|album|band|novel|book)\b\)?)*\)?(?:['"’”](?!s\b))?/i.exec(
      question.slice(to),
    );
    if (trail !== null) to += trail[0].length;
    return [from, to];
  }
  return undefined;
}

const placeholderPattern =
  /\[[^\]\n]{1,80}\]|#\d+\b|\{\d*\}|<ans(?:wer)?[\s_-]*\d*>|\b(?:the\s+\w+\s+)?(?:mentioned|identified|found)\s+in\s+(?:sub-?question|question|step|q)\s*#?\d+/gi;

function placeholderNumber(placeholder: string): number | undefined {
  const digits = /(\d+)/.exec(placeholder)?.[1];
  return digits === undefined ? undefined : Number.parseInt(digits, 10);
}

function parentForPlaceholder(
  placeholder: string,
  ordinal: number,
  count: number,
  parents: readonly (ParentAnswer & { entity: string })[],
): (ParentAnswer & { entity: string }) | undefined {
  const number = placeholderNumber(placeholder);
  if (number !== undefined) {
    const byId =
      parents.find((parent) => parent.id === number) ?? parents.find((parent) => parent.id === number - 1);
    if (byId !== undefined) return byId;
  }
  if (parents.length === 1) return parents[0];
  const words = wordTokens(placeholder)
    .filter((word) => !['name', 'answer', 'the', 's', 'of', 'to', 'q'].includes(word))
    .map(stem);
  if (words.length > 0) {
    const byWord = parents.find((parent) =>
      wordTokens(parent.question)
        .map(stem)
        .some((word) => words.includes(word)),
    );
    if (byWord !== undefined) return byWord;
  }
  if (count === parents.length) return parents[ordinal];
  return parents.at(-1);
}

/**
 * How much of what follows a matched reference still belongs to it: a second noun the parent asked
 * about ("this cast member", "this headquarters location") or a relative clause made of the parent's
 * own words ("the newspaper that originated the term 'Tern Wave'").
 */
function extensionLength(rest: string, parentQuestion: string): number {
  const parentWords = new Set(wordTokens(parentQuestion));
  const parentStems = new Set(wordTokens(parentQuestion).map(stem));
  const noun = /^\s+([\p{Ll}-]+)(?![\p{L}-])/u.exec(rest);
  if (
    noun?.[1] !== undefined &&
    parentStems.has(stem(noun[1])) &&
    !/^(?:born|die|died|live|lived|work|study)$/.test(noun[1])
  ) {
    return noun[0].length + extensionLength(rest.slice(noun[0].length), parentQuestion);
  }
  const relative = /^\s+(?:that|which|who)\s+/i.exec(rest);
  if (relative === null) return 0;
  let length = relative[0].length;
  let consumed = 0;
  // Quotes are tokens of their own, apart from other punctuation ('"Tern Wave"?' → '"', '?').
  for (const word of rest.slice(length).matchAll(/[\p{L}\p{N}'’]+|['"‘’“”]+|[^\s\p{L}\p{N}'"‘’“”]+|\s+/gu)) {
    const token = word[0];
    if (/^\s+$/.test(token)) {
      length += token.length;
      continue;
    }
    if (/^['"‘’“”]+$/.test(token)) {
      // A quote right after a word of the clause closes a title the clause quoted: it goes with the title.
      const closesTitle = length === consumed;
      length += token.length;
      if (closesTitle) consumed = length;
      continue;
    }
    // A word with an apostrophe belongs to the clause when a part of it does ("Ada Lee's" after "Ada Lee").
    const parts = wordTokens(token);
    if (!parts.some((part) => parentWords.has(part) || parentStems.has(stem(part)))) break;
    length += token.length;
    consumed = length;
  }
  // Ends after a word or a title's closing quote, never in white space; 0 when no word of the clause is the parent's.
  return consumed;
}

/** Characters of an identity question's subject its name may lack (a stray mark before or after it). */
export const identitySlack = 1;

/** "Who is Mara Quill?", "What is The Tidewater Review?": a question about what an entity is. */
export function isIdentityQuestion(question: string): boolean {
  const match = /^\s*(?:who|what)\s+(?:is|was|are|were)\s+(.+?)\s*\??\s*$/i.exec(question);
  if (match?.[1] === undefined) return false;
  const subject = match[1].replace(/^(?:the\s+|a\s+)?[\p{Ll}-]+\s+(?=[\p{Lu}'"‘“])/u, '');
  const quoted = quotedSpans(subject)[0];
  if (quoted !== undefined && quoted.text.length >= subject.length - 2) return true;
  const chunk = capitalisedChunks(subject)[0];
  return chunk !== undefined && chunk.text.length >= subject.replace(/[?.\s]+$/, '').length - identitySlack;
}

function hasPlaceholder(question: string): boolean {
  // A fresh copy: `test` on the shared global pattern would leave a `lastIndex` that `matchAll` inherits.
  return new RegExp(placeholderPattern.source, 'i').test(question);
}

/** Whether a question names an entity of its own (a proper noun or a quoted title after the first word). */
function namesEntity(question: string): boolean {
  if (quotedSpans(question).length > 0) return true;
  return capitalisedChunks(question).some((chunk) => chunk.start > 0 || /\s/.test(chunk.text));
}

function replaceRange(text: string, from: number, to: number, value: string): string {
  return `${text.slice(0, from)}${value}${text.slice(to)}`;
}

/**
 * Inserts parent answers into a dependent sub-question (CompactRAG's entity-consistent rewriting,
 * done by rules): explicit placeholders first ("[performer's name]", "#1", "{0}", "<ans0>"), then
 * implicit references (a parent's own descriptor such as "the director of 'X'", "this director",
 * "that film", pronouns). Every inserted string is a parent's answer or a substring of it; when no
 * parent answer fits, the question is returned unchanged.
 */
export function groundQuestion(options: GroundQuestionOptions): GroundingResult {
  const original = options.question;
  const appendPolicy = options.append ?? 'when-no-entity';
  const parents = options.parents
    // "Who is X?" is answered by a description of X, which no dependent question refers to.
    .filter((parent) => !isIdentityQuestion(parent.question) || hasPlaceholder(options.question))
    .map((parent) => ({ ...parent, entity: answerEntity(parent.answer) }))
    .filter((parent): parent is ParentAnswer & { entity: string } => parent.entity !== undefined)
    // The rule of the seed: what is inserted must come from a parent's answer.
    .filter((parent) => parent.answer.includes(parent.entity));
  if (parents.length === 0) return { text: original, method: 'none', insertedFrom: [] };

  // 1. Explicit placeholders.
  const placeholders = [...original.matchAll(placeholderPattern)];
  if (placeholders.length > 0) {
    let text = original;
    const inserted = new Set<number>();
    for (let index = placeholders.length - 1; index >= 0; index -= 1) {
      const match = placeholders[index];
      if (match === undefined) continue;
      const parent = parentForPlaceholder(match[0], index, placeholders.length, parents);
      if (parent === undefined) continue;
      text = replaceRange(text, match.index, match.index + match[0].length, parent.entity);
      inserted.add(parent.id);
    }
    if (inserted.size > 0)
      return { text, method: 'placeholder', insertedFrom: [...inserted].sort((a, b) => a - b) };
  }

  // The child already names every parent's answer: nothing to do.
  const lower = original.toLowerCase();
  if (parents.every((parent) => lower.includes(parent.entity.toLowerCase()))) {
    return { text: original, method: 'none', insertedFrom: [] };
  }

  // 2a. A parent's own descriptor repeated in the child: "When did the director of 'X' die?".
  {
    let text = original;
    const inserted: number[] = [];
    for (const parent of parents) {
      for (const descriptor of descriptorsOf(parent.question)) {
        const range = findDescriptor(text, descriptor);
        if (range === undefined) continue;
        // "Lena Ostrow's father's birthday": the "'s" after the descriptor becomes the answer's possessive.
        const possessive = text.slice(range[1]).startsWith("'s");
        text = possessive
          ? replaceRange(text, range[0], range[1] + "'s".length, possessiveOf(parent.entity))
          : replaceRange(text, range[0], range[1], parent.entity);
        inserted.push(parent.id);
        break;
      }
    }
    if (inserted.length > 0) return { text, method: 'implicit', insertedFrom: inserted };
  }

  // 2b. Demonstratives and definite role nouns: "this director", "that film", "the performer".
  {
    const demonstrative =
      /\b(?:[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose|[Ss]aid|[Tt]he said)\s+([\p{Ll}-]+)(?![\p{L}-])(?:'s)?/gu;
    const matches = [...original.matchAll(demonstrative)].filter(
      (match) =>
        !/^(?:is|was|are|were|has|have|had|did|does|do|in|on|of|\p{Ll}+ed)$/iu.test(match[1] ?? '') &&
        !/^(?:wrote|made|sang|won|led|ran|built|founded)$/i.test(match[1] ?? '') &&
        // After a noun, "that" opens a relative clause ("the school that employs X"), not a reference.
        (!/^that$/i.test(match[0].split(/\s/)[0] ?? '') ||
          /(?:^|\b(?:in|of|by|for|from|was|is|were|are|did|does|do|at|to|with|on|about|where|when|and|did)\s+)$/i.test(
            original.slice(0, match.index),
          )),
    );
    const definite = [
      ...original.matchAll(
        /\bthe\s+([\p{Ll}-]+)(?![\p{L}-])(?!\s+(?:of|in|for|from|to|by|with|at|on|and)\b)(?!\s*['"‘“\p{Lu}])/gu,
      ),
    ].filter((match) => {
      const noun = stem(match[1] ?? '');
      return parents.some((parent) => roleNouns(parent.question).includes(noun));
    });
    const all = [...matches, ...definite].sort((left, right) => left.index - right.index);
    if (all.length > 0) {
      let text = original;
      const inserted = new Set<number>();
      for (let index = all.length - 1; index >= 0; index -= 1) {
        const match = all[index];
        if (match === undefined) continue;
        const noun = stem(match[1] ?? '');
        const parent =
          parents.find((candidate) => roleNouns(candidate.question).includes(noun)) ??
          (parents.length === 1 || all.length === 1 ? parents.at(-1) : parents[index]);
        if (parent === undefined) continue;
        const possessive = match[0].endsWith("'s");
        const end =
          match.index +
          match[0].length +
          (possessive ? 0 : extensionLength(text.slice(match.index + match[0].length), parent.question));
        text = replaceRange(text, match.index, end, possessive ? possessiveOf(parent.entity) : parent.entity);
        inserted.add(parent.id);
      }
      if (inserted.size > 0)
        return { text, method: 'implicit', insertedFrom: [...inserted].sort((a, b) => a - b) };
    }
  }

  // 2c. Pronouns, when the question names no entity of its own.
  if (!namesEntity(original)) {
    const parent = parents.at(-1);
    const pronoun = /\b(he|she|him|they|them|it|his|her|their|its)\b/iu;
    const match = pronoun.exec(original);
    if (parent !== undefined && match !== null) {
      const word = (match[1] ?? '').toLowerCase();
      const next = original.slice(match.index + match[0].length);
      const isPossessive =
        ['his', 'their', 'its'].includes(word) ||
        (word === 'her' && /^\s+(?!(?:born|die|died|was|is)\b)[\p{Ll}]/u.test(next));
      const value = isPossessive ? possessiveOf(parent.entity) : parent.entity;
      return {
        text: replaceRange(original, match.index, match.index + match[0].length, value),
        method: 'implicit',
        insertedFrom: [parent.id],
      };
    }
  }

  // 3. No reference at all: append the answers the question lacks, if the policy says so.
  if (appendPolicy === 'never') return { text: original, method: 'none', insertedFrom: [] };
  if (appendPolicy === 'when-no-entity' && namesEntity(original))
    return { text: original, method: 'none', insertedFrom: [] };
  // Not empty: a question that already names every parent's answer returned above.
  const missing = parents.filter((parent) => !lower.includes(parent.entity.toLowerCase()));
  const suffix = missing.map((parent) => parent.entity).join('; ');
  const text = /\?\s*$/.test(original)
    ? original.replace(/\?\s*$/, ` (${suffix})?`)
    : `${original} (${suffix})`;
  return { text, method: 'appended', insertedFrom: missing.map((parent) => parent.id) };
}

/** The role noun a parent question asks for: "Who is the director of X?" → director; "Who directed X?" → director. */
function roleNouns(parentQuestion: string): string[] {
  const nouns: string[] = [];
  const text = parentQuestion.trim();
  const copula = /^(?:[Ww]ho|[Ww]hat|[Ww]hich)\s+(?:is|was|are|were)\s+(?:the|a|an)\s+([\p{Ll}-]+)/u.exec(
    text,
  );
  if (copula?.[1] !== undefined && !fillerWords.has(copula[1]) && copula[1] !== 'name')
    nouns.push(stem(copula[1]));
  const which = /^(?:[Ww]hich|[Ww]hat)\s+([\p{Ll}-]+)/u.exec(text);
  if (which?.[1] !== undefined && !/^(?:is|was|are|were|did|does|do|has|have)$/.test(which[1]))
    nouns.push(stem(which[1]));
  const possessive = /^(?:[Ww]ho|[Ww]hat)\s+(?:is|was|are|were)\s+.+?['’]s\s+([\p{Ll}-]+)\s*\??$/u.exec(text);
  if (possessive?.[1] !== undefined) nouns.push(stem(possessive[1]));
  const verb =
    /^(?:who|which\s+\w+)\s+(directed|composed|wrote|produced|performed|published|founded|created)\b/i.exec(
      text,
    );
  if (verb?.[1] !== undefined) {
    const noun = agentNounOf(verb[1].toLowerCase());
    if (noun !== undefined) nouns.push(stem(noun));
  }
  if (/^who\b/i.test(text)) nouns.push(stem('person'));
  return nouns;
}
