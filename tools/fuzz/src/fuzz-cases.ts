import { type PlannerName, seededRandom } from '@rootweaver/core';
import type { ScriptedResponse, TestServerFault } from '@rootweaver/providers/test';

/** A seeded pseudo-random source (mulberry32): the same seed gives the same cases. */
export class SeededRandom {
  private readonly source: () => number;

  constructor(seed: number) {
    this.source = seededRandom(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.source();
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.next() * values.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** One LLM call's behaviour in a case, named for the report. */
export interface CallScript {
  readonly name: string;
  readonly response: ScriptedResponse;
}

/** One fuzz case: a planner, engine settings and what the server does on each successive LLM call. */
export interface FuzzCase {
  readonly id: number;
  readonly planner: PlannerName;
  readonly synthesis: 'auto' | 'llm';
  readonly deadlineMs: number;
  /** Call i gets `calls[min(i, calls.length - 1)]`. */
  readonly calls: readonly CallScript[];
}

/** The key the fuzzed engine is configured with; no answer or error may ever carry it. */
export const fuzzApiKey = 'fuzzkey7Q2x-plain';

const entities = ['Vorn Keep', 'Tessaly Marrow', 'Quillmoor', 'the Ashgrove Charter', 'Pell Ambry'];

function validPlan(random: SeededRandom): string {
  const count = random.integer(1, 4);
  const nodes = Array.from({ length: count }, (_, index) => ({
    id: index,
    question: `Who is linked to ${random.pick(entities)}${index > 0 ? ` through [answer ${index - 1}]` : ''}?`,
    refs: index > 0 ? [index - 1] : [],
  }));
  return JSON.stringify({ subQuestions: nodes });
}

/** Model outputs: malformed, truncated, huge, cyclic and self-referencing plans and answers. */
const contentMakers: readonly [string, (random: SeededRandom) => string][] = [
  ['valid-plan', validPlan],
  ['valid-answer', (random) => `${random.pick(entities)} [1].`],
  [
    'question-list',
    (random) => JSON.stringify([`Who founded ${random.pick(entities)}?`, 'Where was [founder] born?']),
  ],
  ['empty', () => ''],
  ['whitespace', () => ' \n\t '],
  ['junk-plan', () => '["?", "...", ""]'],
  ['truncated-json', (random) => validPlan(random).slice(0, random.integer(1, 30))],
  ['malformed', () => '{"subQuestions": [{"id": 0, "question": "Who?", refs: [1,}'],
  [
    'cyclic-plan',
    () =>
      JSON.stringify({
        subQuestions: [
          { id: 0, question: 'Who founded Vorn Keep?', refs: [1] },
          { id: 1, question: 'Who is [0]?', refs: [0] },
        ],
      }),
  ],
  [
    'self-reference',
    () => JSON.stringify({ subQuestions: [{ id: 0, question: 'What is [0]?', refs: [0, 0, 0] }] }),
  ],
  ['missing-ref', () => JSON.stringify({ subQuestions: [{ id: 0, question: 'Who?', refs: [7] }] })],
  ['deep-brackets', (random) => '['.repeat(random.integer(1_000, 40_000))],
  [
    'unbalanced-prose',
    (random) => `Sure ${'[{'.repeat(random.integer(100, 5_000))} ["Who founded Vorn Keep?"]`,
  ],
  [
    'huge-plan',
    (random) =>
      JSON.stringify({
        subQuestions: Array.from({ length: random.integer(50, 3_000) }, (_, index) => ({
          id: index,
          question: `Q${index}?`,
          refs: index > 0 ? [index - 1] : [],
        })),
      }),
  ],
  ['huge-question', (random) => JSON.stringify([`Who ${'x'.repeat(random.integer(3_000, 200_000))}?`])],
  ['huge-answer', (random) => 'Quillmoor '.repeat(random.integer(500, 100_000))],
  ['unspaced-answer', (random) => 'q'.repeat(random.integer(10_000, 300_000))],
  ['key-echo', () => `The key is ${fuzzApiKey} [1].`],
  ['citations-only', () => '[1] [2] [99]'],
  ['control-characters', () => '\u0000\u0001\u001b[31m\uFFFD\uD800 answer'],
  ['stop', () => '[]'],
];

/** Transport faults: 4xx/5xx/429, resets, hangs after headers, mid-body and mid-stream, drips, non-UTF-8 bytes. */
const faultMakers: readonly [string, (random: SeededRandom) => TestServerFault][] = [
  [
    'http-400',
    () => ({ kind: 'raw', status: 400, body: '{"error":{"message":"bad request","type":"invalid"}}' }),
  ],
  ['http-401', () => ({ kind: 'unauthorized' })],
  ['http-404', () => ({ kind: 'raw', status: 404, body: '{"error":{"message":"no such model"}}' })],
  ['http-500', () => ({ kind: 'server-error', status: 500 })],
  ['http-503', () => ({ kind: 'server-error', status: 503 })],
  ['rate-limit', (random) => ({ kind: 'rate-limit', retryAfterMs: random.pick([5, 50, 3_600_000]) })],
  ['reset', () => ({ kind: 'reset' })],
  ['hang-after-headers', () => ({ kind: 'hang-after-headers' })],
  ['stall', (random) => ({ kind: 'stall', keepBytes: random.integer(1, 300) })],
  ['drip', (random) => ({ kind: 'drip', intervalMs: random.integer(2, 40) })],
  ['truncated-body', () => ({ kind: 'truncated-json' })],
  ['non-utf8', () => ({ kind: 'raw', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) })],
  ['not-json', () => ({ kind: 'raw', contentType: 'text/html', body: '<html>gateway</html>' })],
  ['wrong-shape', () => ({ kind: 'raw', body: '{"choices": "none"}' })],
  ['not-sse', () => ({ kind: 'raw', contentType: 'text/event-stream', body: 'data: {not json}\n\n' })],
  ['slow', (random) => ({ kind: 'slow', delayMs: random.integer(10, 400) })],
];

function callScript(random: SeededRandom): CallScript {
  if (random.chance(0.45)) {
    const [name, make] = random.pick(faultMakers);
    return { name, response: { fault: make(random) } };
  }
  const [name, make] = random.pick(contentMakers);
  return { name, response: { text: make(random) } };
}

/** The `index`-th case of a seed's sequence (cases are independent of how many are run). */
export function fuzzCase(seed: number, index: number): FuzzCase {
  const random = new SeededRandom(
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35),
  );
  const calls = Array.from({ length: random.integer(1, 4) }, () => callScript(random));
  return {
    id: index,
    planner: random.pick(['compact', 'adaptive', 'keyterm'] as const),
    synthesis: random.pick(['auto', 'llm'] as const),
    deadlineMs: random.integer(300, 900),
    calls,
  };
}
