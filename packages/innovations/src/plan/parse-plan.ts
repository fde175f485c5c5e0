import type { Plan, PlanNode, PlanSource } from '@rootweaver/core';
import { balancedEnds, literalEnd, parseLooseLiteral, ScanBudget } from './loose-literal.js';

/** A parsed (or validated) plan, or why there is none. Check with `'plan' in result`. */
export type PlanResult = { readonly plan: Plan } | { readonly error: string };

export interface ParsePlanOptions {
  /** Recorded as `plan.source`; defaults to `llm`. */
  readonly source?: PlanSource;
}

/** The longest decomposition read: a longer one is not a plan (a 512-token plan is ~3,000 characters). */
export const maxPlanChars = 50_000;

/** The longest sub-question kept; the engine's own question cap is 2,000 characters. */
export const maxSubQuestionChars = 2_000;

/** Keys under which models put the list of sub-questions when they answer with an object. */
const listKeys = [
  'subQuestions',
  'sub_questions',
  'subquestions',
  'questions',
  'plan',
  'steps',
  'nodes',
  'decomposition',
  'sub_queries',
  'subQueries',
];
const idKeys = ['id', 'index', 'idx', 'step', 'number'];
const questionKeys = [
  'question',
  'q',
  'sub_question',
  'subQuestion',
  'sub_query',
  'subQuery',
  'query',
  'text',
];
const refKeys = ['refs', 'ref', 'depends_on', 'dependsOn', 'dependencies', 'deps', 'parents', 'requires'];

const tokenKeys = new Map<string, 'id' | 'question' | 'refs'>([
  ...idKeys.map((key) => [key.toLowerCase(), 'id'] as const),
  ...questionKeys.map((key) => [key.toLowerCase(), 'question'] as const),
  ...refKeys.map((key) => [key.toLowerCase(), 'refs'] as const),
]);

interface RawNode {
  id: number | undefined;
  question: string;
  refs: number[];
}

/**
 * Reads a decomposition the way models actually write it: bare JSON, JSON in a code fence or with
 * prose around it, Python literals, an object holding the list, nodes keyed `index|id`,
 * `question|q|sub_question`, `refs|ref|depends_on`, refs as `"None"`, `"0"`, `"1,2"`, `null`, a number or
 * an array, ids 0- or 1-based, a plain list of question strings or a numbered list, and the flat token
 * list `['index','q','Who …?','ref','None', …]` that LLaMA-3-8B produced. Every repair is recorded in
 * `plan.repairs`. Placeholders such as `[performer's name]` or `#1` stay in the questions.
 * The result is not validated: call `validatePlan` next.
 */
export function parsePlan(text: string, options: ParsePlanOptions = {}): PlanResult {
  const source = options.source ?? 'llm';
  const repairs: string[] = [];
  if (text.length > maxPlanChars) {
    return { error: `The decomposition is ${text.length} characters long; the cap is ${maxPlanChars}.` };
  }
  let body = text.trim();
  if (body.length === 0) return { error: 'The decomposition is empty.' };
  const fenced = /```[\w-]*\s*\n?([\s\S]*?)```/.exec(body);
  if (fenced?.[1] !== undefined) {
    repairs.push('removed a code fence');
    // Not trimmed: every reader below skips white space, and the error previews the whole text.
    body = fenced[1];
  }
  const whole = parseLooseLiteral(body);
  // An array or object (or null: "not a list"); a lone string or number is no decomposition.
  if (typeof whole === 'object') {
    if (!isStrictJson(body)) repairs.push('read a non-JSON (Python-style) literal');
    return planFromValue(whole, { source, repairs });
  }
  const budget = new ScanBudget(body.length);
  const found = balancedEnds(body);
  for (let start = 0; start < body.length && !budget.exhausted; start += 1) {
    const character = body[start];
    if (character !== '[' && character !== '{') continue;
    const end = literalEnd(body, start, found, budget);
    if (end === undefined || !budget.spend(end - start)) continue;
    const candidate = body.slice(start, end);
    // A candidate that is no literal (undefined) is no list either: planFromValue says so.
    const result = planFromValue(parseLooseLiteral(candidate), {
      source,
      repairs: [
        ...repairs,
        'ignored prose around the JSON',
        ...(isStrictJson(candidate) ? [] : ['read a non-JSON (Python-style) literal']),
      ],
    });
    if ('plan' in result) return result;
  }
  const listed = planFromNumberedList(body, source, repairs);
  if (listed !== undefined) return listed;
  return { error: `No decomposition could be read from the model output: ${preview(text)}` };
}

/**
 * Builds a plan from an already-decoded value (the JSON of a decomposition, or a recorded `planRaw`
 * token list). Same shapes and repairs as `parsePlan`.
 */
export function planFromValue(
  value: unknown,
  options: { readonly source?: PlanSource; readonly repairs?: readonly string[] } = {},
): PlanResult {
  const source = options.source ?? 'llm';
  const repairs = [...(options.repairs ?? [])];
  let list: unknown = value;
  if (isRecord(value)) {
    const key = listKeys.find((candidate) => Array.isArray(value[candidate]));
    if (key !== undefined) list = value[key];
    else if (questionKeys.some((candidate) => typeof value[candidate] === 'string')) {
      repairs.push('wrapped a single node object in a list');
      list = [value];
    } else return { error: 'The decomposition object holds no list of sub-questions.' };
  }
  if (!Array.isArray(list)) return { error: 'The decomposition is not a list of sub-questions.' };
  // An empty list falls through to the "no sub-questions" error below.
  let raw: RawNode[];
  if (list.every((entry) => typeof entry === 'string') && isTokenList(list as string[])) {
    raw = nodesFromTokens(list as string[], repairs);
  } else if (list.every((entry) => typeof entry === 'string')) {
    repairs.push('read a plain list of question strings');
    raw = (list as string[]).map((question) => ({ id: undefined, question, refs: [] }));
  } else {
    raw = [];
    list.forEach((entry, position) => {
      if (typeof entry === 'string') {
        repairs.push(`read entry ${position} as a bare question string`);
        raw.push({ id: undefined, question: entry, refs: [] });
        return;
      }
      if (!isRecord(entry)) {
        repairs.push(`dropped entry ${position}: not an object`);
        return;
      }
      const questionKey = questionKeys.find((key) => typeof entry[key] === 'string');
      if (questionKey === undefined) {
        repairs.push(`dropped entry ${position}: no question`);
        return;
      }
      // The first id and ref key that holds a value; none read as undefined (no id, no refs).
      const idValue = idKeys.map((key) => entry[key]).find((value) => value !== undefined);
      const id = readInteger(idValue);
      if (idValue !== undefined && id === undefined) {
        repairs.push(`ignored entry ${position}'s unreadable id`);
      }
      const refValue = refKeys.map((key) => entry[key]).find((value) => value !== undefined);
      raw.push({ id, question: String(entry[questionKey]), refs: readRefs(refValue, repairs, position) });
    });
  }
  raw = raw.filter((node, position) => {
    const length = node.question.trim().length;
    if (length > maxSubQuestionChars) {
      repairs.push(`dropped entry ${position}: ${length} characters, over the cap of ${maxSubQuestionChars}`);
      return false;
    }
    if (isUsableQuestion(node.question)) return true;
    repairs.push(`dropped entry ${position}: ${length === 0 ? 'empty question' : 'no word in the question'}`);
    return false;
  });
  if (raw.length === 0) return { error: 'The decomposition lists no sub-questions.' };
  inferPlaceholderRefs(raw, repairs);
  const nodes = normaliseIds(raw, repairs);
  return { plan: { nodes, source, repairs } };
}

/** A sub-question worth retrieving: it holds at least one letter or digit (`"?"` or `"..."` is not one). */
function isUsableQuestion(question: string): boolean {
  return /[\p{L}\p{N}]/u.test(question);
}

function isStrictJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

function readInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string') {
    const match = /^\s*#?\s*(?:q|step|node)?\s*(\d+)\s*$/i.exec(value);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}

const emptyRefWords = new Set(['', 'none', 'null', 'nil', 'n/a', 'na', '-', '[]', 'no', 'nothing']);

/** `"None"`, `"0"`, `"1,2"`, `"#1 and #2"`, `null`, `3`, `[0, "1"]` → ids. */
export function readRefs(value: unknown, repairs: string[], position: number): number[] {
  if (value === null || value === undefined || value === false) return [];
  if (typeof value === 'number') return readInteger(value) === undefined ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((entry) => readRefs(entry, repairs, position));
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (emptyRefWords.has(trimmed.toLowerCase())) return [];
    const numbers = trimmed.match(/\d+/g);
    if (numbers === null) {
      repairs.push(`ignored entry ${position}'s unreadable refs ${JSON.stringify(value)}`);
      return [];
    }
    return numbers.map(Number);
  }
  repairs.push(`ignored entry ${position}'s unreadable refs`);
  return [];
}

function isTokenList(tokens: readonly string[]): boolean {
  const keys = tokens.filter((token) => tokenKeys.has(token.trim().toLowerCase()));
  return keys.length >= 2 && tokens.some((token) => tokenKeys.get(token.trim().toLowerCase()) === 'question');
}

function looksLikeRefs(token: string): boolean {
  const trimmed = token.trim().toLowerCase();
  return emptyRefWords.has(trimmed) || /^[#\d\s,;and[\]]+$/.test(trimmed);
}

/**
 * Repairs the flat token list a model wrote instead of objects: `index` starts a node (its number,
 * when present, follows), `q` is followed by the question, `ref` by the refs. Trailing repetitions of
 * questions already read and dangling keys are dropped, and said so.
 */
function nodesFromTokens(tokens: readonly string[], repairs: string[]): RawNode[] {
  repairs.push('rebuilt nodes from a flat key/value token list');
  const nodes: RawNode[] = [];
  let current: RawNode | undefined;
  let strays = 0;
  let dangling = 0;
  const open = (): RawNode => {
    const node: RawNode = { id: undefined, question: '', refs: [] };
    nodes.push(node);
    current = node;
    return node;
  };
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    const key = tokenKeys.get(token.trim().toLowerCase());
    const next = tokens[index + 1];
    if (key === 'id') {
      const node = open();
      const id = readInteger(next);
      if (id !== undefined) {
        node.id = id;
        index += 1;
      }
    } else if (key === 'question') {
      if (next === undefined || tokenKeys.has(next.trim().toLowerCase())) {
        dangling += 1;
        continue;
      }
      const node = current === undefined || current.question.length > 0 ? open() : current;
      node.question = next;
      index += 1;
    } else if (key === 'refs') {
      if (next === undefined || !looksLikeRefs(next) || current === undefined) {
        dangling += 1;
        continue;
      }
      current.refs = readRefs(next, repairs, nodes.length - 1);
      index += 1;
    } else {
      strays += 1;
    }
  }
  if (strays > 0) repairs.push(`dropped ${strays} stray token(s) outside any key (repeated questions)`);
  if (dangling > 0) repairs.push(`dropped ${dangling} key token(s) with no value`);
  return nodes.filter((node) => node.question.length > 0);
}

/** Nodes with no refs that name an earlier node as `#N` get that ref (said so in repairs). */
function inferPlaceholderRefs(nodes: RawNode[], repairs: string[]): void {
  if (nodes.some((node) => node.refs.length > 0)) return;
  const ids = new Set(nodes.map((node, position) => node.id ?? position));
  nodes.forEach((node, position) => {
    const mentioned = [...node.question.matchAll(/#(\d+)/g)].map((match) => Number(match[1]));
    const refs = [...new Set(mentioned)].filter((id) => ids.has(id) && id !== (node.id ?? position));
    if (refs.length > 0) {
      node.refs = refs;
      repairs.push(`inferred refs [${refs.join(',')}] of entry ${position} from its #N placeholders`);
    }
  });
}

/**
 * Gives every node an id. Missing ids are positions; 1-based numbering (ids 1..n, or positional refs
 * that only make sense 1-based) is shifted to 0-based.
 */
function normaliseIds(nodes: readonly RawNode[], repairs: string[]): PlanNode[] {
  const given = nodes.map((node) => node.id);
  // Stays empty when the nodes are numbered by position (`?? position` below).
  let ids: readonly number[] = [];
  let shift = 0;
  if (given.every((id): id is number => id !== undefined)) {
    // Ids from 1 with no ref to 0 count from 1 (readInteger's ids are never negative).
    if (Math.min(...given) === 1 && !nodes.some((node) => node.refs.includes(0))) shift = 1;
    ids = given.map((id) => id - shift);
  } else {
    if (given.some((id) => id !== undefined)) repairs.push('ignored partial ids; numbered nodes by position');
    // Positions count from 0; refs that only fit as "the n-th node" count from 1.
    const fitsZeroBased = nodes.every((node, position) => node.refs.every((ref) => ref < position));
    const fitsOneBased = nodes.every((node, position) =>
      node.refs.every((ref) => ref >= 1 && ref <= position),
    );
    if (!fitsZeroBased && fitsOneBased) shift = 1;
  }
  if (shift === 1) repairs.push('converted 1-based ids to 0-based');
  return nodes.map((node, position) => ({
    id: ids[position] ?? position,
    question: node.question.trim(),
    refs: node.refs.map((ref) => ref - shift),
  }));
}

/** `1. Who …?` / `- Who …?` lines, when the model wrote no JSON at all. */
function planFromNumberedList(
  body: string,
  source: PlanSource,
  repairs: readonly string[],
): PlanResult | undefined {
  // The question (group 1) ends at its `?` and starts after the marker's spaces: nothing to trim.
  const questions = body
    .split('\n')
    .map((line) => /^\s*(?:\d+[.):]|[-*•]|Q\d+[.:)]?)\s+(.+\?)\s*$/i.exec(line)?.[1])
    .filter((question): question is string => question !== undefined);
  if (questions.length === 0) return undefined;
  return planFromValue(questions, { source, repairs: [...repairs, 'read a numbered list instead of JSON'] });
}
