import type { AnswerType, NodeTrace } from '@rootweaver/core';
import { inferAnswerType } from '../extraction/answer-type.js';
import { countryOf, findCountries, regionOf } from '../extraction/countries.js';
import { type DateValue, findNumbers, parseDate } from '../extraction/dates.js';
import { contentTokens, normaliseAnswer, wordTokens } from '../extraction/text.js';
import { type CommonForm, type ComparisonForm, classifyQuestion, type YesNoForm } from './question-form.js';

export type Composition =
  | {
      readonly composed: true;
      readonly answer: string;
      readonly reason: 'chain' | 'comparison' | 'yes-no';
      readonly usedNodeIds: readonly number[];
    }
  | { readonly composed: false; readonly reason: string };

export interface ComposeAnswerOptions {
  readonly question: string;
  readonly nodes: readonly NodeTrace[];
}

type Refusal = { readonly composed: false; readonly reason: string };

const refuse = (reason: string): Refusal => ({ composed: false, reason });

/**
 * A text names an option when it contains at least this share of the option's words (its content
 * words; all its words when it has none). The fallback (`compose-fallback-answer.ts`) reads options
 * with the same share.
 */
export const nameShare = 0.6;

/**
 * A node that names an option is on that option's branch only when its share of that option is more
 * than this much above its share of the other: a node naming both about equally is on neither.
 */
export const nameMargin = 0.2;

/** How strongly a node's text is about an option: the share of the option's words it contains. */
function mentionScore(node: NodeTrace, option: string): number {
  const optionTokens = [...new Set(contentTokens(option))];
  if (optionTokens.length === 0) {
    const raw = wordTokens(option);
    if (raw.length === 0) return 0;
    const text = new Set(wordTokens(`${node.question} ${node.groundedQuestion}`));
    return raw.filter((token) => text.has(token)).length / raw.length;
  }
  const text = new Set(wordTokens(`${node.question} ${node.groundedQuestion}`));
  return optionTokens.filter((token) => text.has(token)).length / optionTokens.length;
}

/** Assigns each node to option 0 or 1 by what it names, or by its parents when it names neither. */
export function assignBranches(
  nodes: readonly NodeTrace[],
  options: readonly [string, string],
): Map<number, 0 | 1> {
  const branch = new Map<number, 0 | 1>();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const visiting = new Set<number>();
  const resolve = (node: NodeTrace): 0 | 1 | undefined => {
    if (branch.has(node.id)) return branch.get(node.id);
    if (visiting.has(node.id)) return undefined;
    visiting.add(node.id);
    const left = mentionScore(node, options[0]);
    const right = mentionScore(node, options[1]);
    let result: 0 | 1 | undefined;
    if (left >= nameShare && left > right + nameMargin) result = 0;
    else if (right >= nameShare && right > left + nameMargin) result = 1;
    else if (left < nameShare && right < nameShare) {
      const inherited = new Set<0 | 1>();
      for (const ref of node.refs) {
        const parent = byId.get(ref);
        const parentBranch = parent === undefined ? undefined : resolve(parent);
        if (parentBranch !== undefined) inherited.add(parentBranch);
      }
      if (inherited.size === 1) result = [...inherited][0];
    }
    visiting.delete(node.id);
    if (result !== undefined) branch.set(node.id, result);
    return result;
  };
  for (const node of nodes) resolve(node);
  return branch;
}

/** A node that itself asks the comparison or the yes/no ("Which director died first?") gives no value. */
export function isAggregateNode(node: NodeTrace): boolean {
  const form = classifyQuestion(node.question);
  if (form.kind !== 'chain') return true;
  return (
    /\b(?:which|who)\b.*\b(?:first|earlier|later|older|younger|longer|more recently)\b/i.test(
      node.question,
    ) || /\bin what order\b|\bsame\b|\bboth\b|\bmatch\b/i.test(node.question)
  );
}

function eventOfNode(node: NodeTrace): 'birth' | 'death' | 'other' {
  if (/\b(?:born|birth|age|old)\b/i.test(node.question)) return 'birth';
  if (/\b(?:die|died|death|dead|pass(?:ed)? away)\b/i.test(node.question)) return 'death';
  return 'other';
}

/**
 * Internal switches of the comparison and yes/no composers, for the form-aware fallback
 * (`composeFallbackAnswer`) only; `composeAnswer` never sets them.
 */
export interface RelaxedComposition {
  /** Use node values below the confidence threshold instead of refusing with `low-confidence`. */
  readonly relaxConfidence?: boolean;
  /** Compare normalised values for a yes/no of attribute `other` too ("part of the same system?"). */
  readonly compareOtherAttribute?: boolean;
}

interface Value {
  readonly node: NodeTrace;
  readonly date?: DateValue;
  readonly number?: number;
}

function nodeValue(node: NodeTrace): Value | undefined {
  const date = parseDate(node.answer);
  const type = inferAnswerType(node.question);
  // A bare "700" answering "How many …?" is a count, not the year 700.
  if (type === 'number' && /^\d[\d,]*$/.test(node.answer.trim())) {
    const count = findNumbers(node.answer)[0];
    if (count !== undefined) return { node, number: count.value };
  }
  if (type === 'number') {
    // A number inside a date ("17 September 1900") is no age or count.
    const number = findNumbers(node.answer).find(
      (candidate) => date === undefined || candidate.end <= date.start || candidate.start >= date.end,
    );
    if (number !== undefined) return { node, number: number.value };
  }
  if (date !== undefined) return { node, date };
  const number = findNumbers(node.answer)[0];
  if (number !== undefined) return { node, number: number.value };
  return undefined;
}

/** The value nodes of one branch, latest first, preferring those about the wanted event. */
function branchValues(
  nodes: readonly NodeTrace[],
  branches: Map<number, 0 | 1>,
  option: 0 | 1,
  event: 'birth' | 'death' | 'other',
): Value[] {
  const values: Value[] = [];
  for (const node of [...nodes].reverse()) {
    if (branches.get(node.id) !== option || isAggregateNode(node)) continue;
    const type = inferAnswerType(node.question);
    if (!['date', 'year', 'number'].includes(type)) continue;
    if (event !== 'other' && eventOfNode(node) !== 'other' && eventOfNode(node) !== event) continue;
    const value = nodeValue(node);
    if (value !== undefined) values.push(value);
  }
  const onEvent = values.filter((value) => event !== 'other' && eventOfNode(value.node) === event);
  return onEvent.length > 0 ? onEvent : values;
}

/** A number compared as an age is under this many years; a larger one is a year or a count, not an age. */
export const ageBound = 150;

function compareDates(left: DateValue, right: DateValue): number | undefined {
  if (left.year !== right.year) return left.year - right.year;
  if (left.precision === 'year' || right.precision === 'year') return undefined;
  return left.sortKey - right.sortKey;
}

export function composeComparison(
  form: ComparisonForm,
  nodes: readonly NodeTrace[],
  relaxed: RelaxedComposition = {},
): Composition {
  const branches = assignBranches(nodes, form.options);
  const pick = (option: 0 | 1, event: 'birth' | 'death' | 'other'): Value | Refusal => {
    const values = branchValues(nodes, branches, option, event);
    const first = values[0];
    if (first === undefined) return refuse('missing-value');
    if (!first.node.resolved && relaxed.relaxConfidence !== true) return refuse('low-confidence');
    return first;
  };
  let difference: number | undefined;
  const used: number[] = [];
  if (form.measure === 'lifespan') {
    const spans: number[] = [];
    for (const option of [0, 1] as const) {
      const birth = pick(option, 'birth');
      const death = pick(option, 'death');
      if ('composed' in birth) return birth;
      if ('composed' in death) return death;
      if (birth.date === undefined || death.date === undefined || birth.node.id === death.node.id) {
        return refuse('missing-value');
      }
      spans.push(death.date.sortKey - birth.date.sortKey);
      used.push(birth.node.id, death.node.id);
    }
    difference = (spans[0] ?? 0) - (spans[1] ?? 0);
  } else {
    // An age form's event is 'birth' (classifyQuestion): a birth date or an age is compared.
    const event = form.event;
    const left = pick(0, event);
    const right = pick(1, event);
    if ('composed' in left) return left;
    if ('composed' in right) return right;
    used.push(left.node.id, right.node.id);
    if (form.measure === 'age') {
      // A birth date: younger means born later. An age: younger means smaller.
      if (left.date !== undefined && right.date !== undefined) {
        const born = compareDates(left.date, right.date);
        difference = born === undefined ? undefined : -born;
      } else if (
        left.number !== undefined &&
        right.number !== undefined &&
        left.number < ageBound &&
        right.number < ageBound
      ) {
        difference = left.number - right.number;
      } else return refuse('incomparable');
    } else if (form.measure === 'number' && (left.number === undefined || right.number === undefined)) {
      // "Which has more members?", "Who wrote shorter stories?" is no question of dates: its values
      // must be counts, and two dates compared in their place would answer at random.
      return refuse('incomparable');
    } else if (left.date !== undefined && right.date !== undefined) {
      difference = compareDates(left.date, right.date);
    } else if (left.number !== undefined && right.number !== undefined) {
      difference = left.number - right.number;
    } else return refuse('incomparable');
  }
  if (difference === undefined || difference === 0) return refuse('tie');
  const leftWins = form.direction === 'min' ? difference < 0 : difference > 0;
  return { composed: true, answer: form.options[leftWins ? 0 : 1], reason: 'comparison', usedNodeIds: used };
}

const attributeTypes: Readonly<Record<YesNoForm['attribute'], readonly AnswerType[]>> = {
  nationality: ['nationality', 'country', 'place'],
  country: ['country', 'nationality', 'place'],
  place: ['place', 'country'],
  date: ['date', 'year'],
  person: ['person'],
  other: [
    'person',
    'place',
    'country',
    'nationality',
    'date',
    'year',
    'organisation',
    'title',
    'number',
    'other',
  ],
};

/** A comparable key for a value: the country for nationalities and places, else the normalised text. */
function equalityKey(answer: string, attribute: YesNoForm['attribute']): string | undefined {
  if (attribute === 'nationality' || attribute === 'country') {
    const country = countryOf(answer);
    return country === undefined ? undefined : regionOf(country);
  }
  if (attribute === 'date') {
    const date = parseDate(answer);
    return date === undefined ? undefined : String(date.sortKey);
  }
  const key = normaliseAnswer(answer);
  return key.length === 0 ? undefined : key;
}

export function composeYesNo(
  form: YesNoForm,
  nodes: readonly NodeTrace[],
  relaxed: RelaxedComposition = {},
): Composition {
  // "Are both A and B documentaries?" asks about membership, not about equal typed values.
  if (form.attribute === 'other' && relaxed.compareOtherAttribute !== true)
    return refuse('unsupported-yes-no');
  const types = attributeTypes[form.attribute];
  const candidates = nodes.filter(
    (node) =>
      !isAggregateNode(node) &&
      types.includes(inferAnswerType(node.question)) &&
      node.answer.trim().length > 0 &&
      // A "yes" or "no" is no value to compare: a node asked "Who directed X?" that answered "No"
      // found no director, and two such nodes do not make the same director.
      !/^(?:yes|no)$/i.test(node.answer.trim()),
  );
  let pair = latestOfEachBranch(candidates, nodes, form.options);
  if (pair === undefined) {
    const [left, right] = candidates.slice(-2);
    if (candidates.length === 2 && left !== undefined && right !== undefined) pair = [left, right];
  }
  if (pair === undefined) return refuse('missing-value');
  const [left, right] = pair;
  if ((!left.resolved || !right.resolved) && relaxed.relaxConfidence !== true)
    return refuse('low-confidence');
  const leftKey = equalityKey(left.answer, form.attribute);
  const rightKey = equalityKey(right.answer, form.attribute);
  if (leftKey === undefined || rightKey === undefined) return refuse('incomparable');
  return {
    composed: true,
    answer: leftKey === rightKey ? 'yes' : 'no',
    reason: 'yes-no',
    usedNodeIds: [left.id, right.id],
  };
}

/** The latest candidate on each option's branch, when both branches have one. */
function latestOfEachBranch(
  candidates: readonly NodeTrace[],
  nodes: readonly NodeTrace[],
  options: readonly [string, string] | undefined,
): [NodeTrace, NodeTrace] | undefined {
  if (options === undefined) return undefined;
  const branches = assignBranches(nodes, options);
  const left = [...candidates].reverse().find((node) => branches.get(node.id) === 0);
  const right = [...candidates].reverse().find((node) => branches.get(node.id) === 1);
  return left !== undefined && right !== undefined ? [left, right] : undefined;
}

/** "What occupation did A and B share?": the value both branches gave, when they agree. */
function composeCommon(form: CommonForm, nodes: readonly NodeTrace[]): Composition {
  const candidates = nodes.filter((node) => !isAggregateNode(node) && node.answer.trim().length > 0);
  const pair = latestOfEachBranch(candidates, nodes, form.options);
  if (pair === undefined) return refuse('missing-value');
  const [left, right] = pair;
  if (!left.resolved || !right.resolved) return refuse('low-confidence');
  if (normaliseAnswer(left.answer) !== normaliseAnswer(right.answer)) return refuse('no-common-value');
  return { composed: true, answer: left.answer, reason: 'chain', usedNodeIds: [left.id, right.id] };
}

const dateTypes: readonly AnswerType[] = ['date', 'year'];
const nameTypes: readonly AnswerType[] = ['person', 'place', 'organisation', 'title'];

function isBareValue(answer: string): boolean {
  const text = answer.trim();
  const date = parseDate(text);
  // The date is the whole answer but for one mark, or two when one is a full stop ("1 May 1901.)").
  if (date !== undefined && date.text.length >= text.replace('.', '').length - 1) return true;
  if (/^[\d.,\s]+$/.test(text)) return true;
  const mention = findCountries(text)[0];
  return mention?.isDemonym === true && mention.text.length === text.length;
}

/**
 * The last sink answers — the last node no other node depends on, as a plan lists its answering step
 * last —, or the last node when no node is a sink (a trace whose nodes all refer to one another).
 */
function composeChain(question: string, nodes: readonly NodeTrace[], lastNode: NodeTrace): Composition {
  const referenced = new Set(nodes.flatMap((node) => node.refs));
  const sink = nodes.findLast((node) => !referenced.has(node.id)) ?? lastNode;
  if (!sink.resolved || sink.answer.trim().length === 0) return refuse('low-confidence');
  const wanted = inferAnswerType(question);
  if (dateTypes.includes(wanted) && parseDate(sink.answer) === undefined) return refuse('type-mismatch');
  if (wanted === 'number' && findNumbers(sink.answer).length === 0) return refuse('type-mismatch');
  // A name is asked for: a bare date, number or demonym is the wrong kind of answer.
  if (nameTypes.includes(wanted) && isBareValue(sink.answer)) return refuse('type-mismatch');
  // "yes" or "no" answers only a yes/no question, not "Who was …?" asked through a yes/no node.
  if (wanted !== 'yes-no' && /^(?:yes|no)$/i.test(sink.answer.trim())) return refuse('type-mismatch');
  return { composed: true, answer: sink.answer, reason: 'chain', usedNodeIds: [sink.id] };
}

/**
 * Composes the final answer from the node answers when the question's form allows it, so that the
 * synthesis call can be skipped: a chain gives its last node's answer; a comparison of two named
 * options compares the typed values (dates, numbers) of their branches and names the winner as
 * written in the question; a yes/no equality compares normalised values ("American" equals
 * "United States"). Anything else, or a needed node below the confidence threshold, is refused
 * with a reason, and the engine makes the synthesis call.
 */
export function composeAnswer(options: ComposeAnswerOptions): Composition {
  const lastNode = options.nodes.at(-1);
  if (lastNode === undefined) return refuse('no-nodes');
  const form = classifyQuestion(options.question);
  if (form.kind === 'comparison') return composeComparison(form, options.nodes);
  if (form.kind === 'yes-no') return composeYesNo(form, options.nodes);
  if (form.kind === 'common') return composeCommon(form, options.nodes);
  // A choice no typed value decides needs reading, not composing.
  if (form.kind === 'choice') return refuse('unsupported-choice');
  return composeChain(options.question, options.nodes, lastNode);
}
