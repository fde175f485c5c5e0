import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MultiHopAnswer, RefusalReason } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { MultiHopRAG } from '@rootweaver/innovations';
import { founderChainItems } from '@rootweaver/innovations/test';
import { OpenAIChatModel } from '@rootweaver/providers';
import { OpenAICompatibleTestServer, type RecordedRequest } from '@rootweaver/providers/test';
import { type FuzzCase, fuzzApiKey, fuzzCase } from './fuzz-cases.js';

export interface RunFuzzOptions {
  readonly seed: number;
  readonly cases: number;
  /** The first case's index (to replay a failure: `first: 433, cases: 1`). Default 0. */
  readonly first?: number;
  /** Cases run at once. Default 16. */
  readonly concurrency?: number;
  /** Called after each case (e.g. a progress line). */
  readonly onCase?: (done: number) => void;
}

/** One broken promise: what the case was and what went wrong. */
export interface FuzzFailure {
  readonly caseId: number;
  readonly planner: string;
  readonly calls: readonly string[];
  readonly problem: string;
}

export interface FuzzReport {
  readonly seed: number;
  readonly cases: number;
  readonly elapsedMs: number;
  readonly answered: number;
  readonly refusals: Readonly<Record<string, number>>;
  readonly errors: Readonly<Record<string, number>>;
  readonly forcedStops: Readonly<Record<string, number>>;
  /** The longest time a run took past its own deadline (negative: every run ended before it). */
  readonly maxOverrunMs: number;
  readonly unhandledRejections: number;
  readonly uncaughtExceptions: number;
  /** The longest the event loop was blocked (ms): hostile output must not stall it. */
  readonly maxEventLoopDelayMs: number;
  readonly failures: readonly FuzzFailure[];
}

/** The longest answer the fuzzed engine accepts. */
const maxAnswerChars = 4_000;
const refusalReasons: ReadonlySet<RefusalReason> = new Set([
  'decompose-failed',
  'no-evidence',
  'aborted',
  'budget-exhausted',
  'empty-answer',
]);

function questionFor(fuzz: FuzzCase): string {
  return `Where was the founder of Vorn Keep born? (case ${fuzz.id})`;
}

/** What one case broke, if anything: the promises of issue 16. */
function check(
  fuzz: FuzzCase,
  elapsedMs: number,
  answer: MultiHopAnswer | undefined,
  error: unknown,
): string | undefined {
  if (elapsedMs > fuzz.deadlineMs + 1_000) {
    return `settled after ${Math.round(elapsedMs)} ms, past its deadline of ${fuzz.deadlineMs} ms + 1 s`;
  }
  if (error !== undefined) {
    if (!(error instanceof RootweaverError)) {
      return `untyped ${error instanceof Error ? error.name : typeof error}: ${String(error instanceof Error ? error.message : error).slice(0, 200)}`;
    }
    if (error.message.trim().length === 0) return `error ${error.code} names no cause`;
    if (error.message.includes(fuzzApiKey)) return `error ${error.code} carries the API key`;
    return undefined;
  }
  if (answer === undefined) return 'neither an answer nor an error';
  if (typeof answer.answer !== 'string') return 'the answer is not a string';
  if (answer.answer.includes(fuzzApiKey)) return 'the answer carries the API key';
  if (answer.answer.length > maxAnswerChars)
    return `an answer of ${answer.answer.length} characters passed the cap`;
  if (answer.refusal !== undefined && !refusalReasons.has(answer.refusal)) {
    return `unknown refusal ${String(answer.refusal)}`;
  }
  if (answer.refusal === undefined && answer.answer.trim().length === 0)
    return 'an empty answer without a refusal';
  if (answer.refusal !== undefined && answer.answer.length > 0) return 'a refusal that carries an answer';
  return undefined;
}

function count(into: Record<string, number>, key: string): void {
  into[key] = (into[key] ?? 0) + 1;
}

/**
 * Runs `cases` seeded cases: each drives `MultiHopRAG` (the case's planner) through the real
 * `OpenAIChatModel` against a local OpenAI-compatible server scripted to misbehave, and checks that
 * the run settles within its deadline + 1 s as an answer, a refusal or a typed error naming its
 * cause, with no unhandled rejection and the key never passed on.
 */
export async function runFuzz(options: RunFuzzOptions): Promise<FuzzReport> {
  const server = new OpenAICompatibleTestServer({ apiKey: fuzzApiKey });
  const baseURL = await server.start();
  const active = new Map<number, { fuzz: FuzzCase; calls: number }>();
  server.respondWith((request: RecordedRequest) => {
    const match = /\(case (\d+)\)/.exec(request.lastUserMessage);
    const entry = match?.[1] === undefined ? undefined : active.get(Number(match[1]));
    if (entry === undefined) return { text: '[]' };
    const script = entry.fuzz.calls[Math.min(entry.calls, entry.fuzz.calls.length - 1)];
    entry.calls += 1;
    return script?.response;
  });
  let unhandledRejections = 0;
  let uncaughtExceptions = 0;
  const onRejection = (): void => {
    unhandledRejections += 1;
  };
  const onException = (): void => {
    uncaughtExceptions += 1;
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const store = new InMemoryStore({ items: founderChainItems });
  const refusals: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const forcedStops: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  let answered = 0;
  let maxOverrunMs = Number.NEGATIVE_INFINITY;
  let next = 0;
  let done = 0;
  const started = performance.now();

  const runCase = async (fuzz: FuzzCase): Promise<void> => {
    active.set(fuzz.id, { fuzz, calls: 0 });
    const rag = new MultiHopRAG({
      store,
      chatModel: new OpenAIChatModel({
        baseURL,
        apiKey: fuzzApiKey,
        env: {},
        timeoutMs: Math.min(fuzz.deadlineMs, 600),
        idleTimeoutMs: 150,
        maxRetries: 1,
        maxRetryDelayMs: 100,
        tokenCounter: { family: 'chars', count: (text) => Math.ceil(text.length / 4) },
      }),
      config: {
        planner: fuzz.planner,
        synthesis: fuzz.synthesis,
        deadlineMs: fuzz.deadlineMs,
        maxAnswerChars,
        retrievalMode: 'lexical',
      },
    });
    const caseStarted = performance.now();
    let answer: MultiHopAnswer | undefined;
    let error: unknown;
    try {
      answer = await rag.ask(questionFor(fuzz));
    } catch (caught) {
      error = caught;
    }
    const elapsedMs = performance.now() - caseStarted;
    active.delete(fuzz.id);
    maxOverrunMs = Math.max(maxOverrunMs, elapsedMs - fuzz.deadlineMs);
    if (error instanceof RootweaverError) count(errors, error.code);
    else if (error !== undefined) count(errors, 'untyped');
    else if (answer?.refusal !== undefined) count(refusals, answer.refusal);
    else answered += 1;
    if (answer?.forcedStop !== undefined) count(forcedStops, answer.forcedStop);
    const problem = check(fuzz, elapsedMs, answer, error);
    if (problem !== undefined) {
      failures.push({
        caseId: fuzz.id,
        planner: fuzz.planner,
        calls: fuzz.calls.map((call) => call.name),
        problem,
      });
    }
    // The server records every request; keep memory flat over long runs.
    if (server.requests.length > 500) server.requests.length = 0;
  };

  const worker = async (): Promise<void> => {
    while (next < options.cases) {
      const index = next;
      next += 1;
      await runCase(fuzzCase(options.seed, (options.first ?? 0) + index));
      done += 1;
      options.onCase?.(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 16 }, () => worker()));
    // A rejection left behind by a run surfaces on the next turns of the loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    loopDelay.disable();
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    await server.close();
  }
  return {
    seed: options.seed,
    cases: options.cases,
    elapsedMs: Math.round(performance.now() - started),
    answered,
    refusals,
    errors,
    forcedStops,
    maxOverrunMs: Math.round(maxOverrunMs),
    unhandledRejections,
    uncaughtExceptions,
    maxEventLoopDelayMs: Math.round(loopDelay.max / 1e6),
    failures,
  };
}

/** The report as a few lines of text. */
export function renderFuzzReport(report: FuzzReport): string {
  const list = (counts: Readonly<Record<string, number>>): string =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([key, value]) => `${key} ${value}`)
      .join(', ') || 'none';
  return [
    `fuzz: seed ${report.seed}, ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s`,
    `  answered ${report.answered}; refusals: ${list(report.refusals)}`,
    `  typed errors: ${list(report.errors)}`,
    `  forced stops: ${list(report.forcedStops)}`,
    `  longest run past its deadline: ${report.maxOverrunMs} ms (limit +1000 ms)`,
    `  unhandled rejections ${report.unhandledRejections}, uncaught exceptions ${report.uncaughtExceptions}`,
    `  longest event-loop stall: ${report.maxEventLoopDelayMs} ms`,
    `  failures ${report.failures.length}`,
    ...report.failures
      .slice(0, 20)
      .map(
        (failure) =>
          `    case ${failure.caseId} (${failure.planner}; ${failure.calls.join(' → ')}): ${failure.problem}`,
      ),
  ].join('\n');
}
