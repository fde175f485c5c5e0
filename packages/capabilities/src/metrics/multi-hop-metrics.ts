import type { Counter, Histogram, Registry } from 'prom-client';
import { loadPromClient } from '../load-on-use.js';

/** The outcome label of `multi_hop_requests_total`. */
export type RequestOutcome = 'answered' | 'refused' | 'error';

export interface RequestObservation {
  /** The planner that ran, or `single-pass` with the capability flag off. */
  readonly planner: string;
  readonly outcome: RequestOutcome;
  readonly durationSeconds: number;
  /** Absent when the request failed before an answer existed. */
  readonly contextChars?: number;
  readonly llmCalls?: number;
}

/**
 * The capability's Prometheus metrics, registered on the registry it is given (never the global default).
 * Constructing it twice on one registry reuses the registered metrics.
 */
export class MultiHopMetrics {
  readonly registry: Registry;
  private readonly contextChars: Histogram<'planner'>;
  private readonly requests: Counter<'planner' | 'outcome'>;
  private readonly llmCalls: Histogram<'planner'>;
  private readonly duration: Histogram<'planner' | 'outcome'>;

  constructor(registry: Registry) {
    const { Counter, Histogram } = loadPromClient();
    this.registry = registry;
    this.contextChars = reuse(
      registry,
      'multi_hop_context_chars',
      () =>
        new Histogram({
          name: 'multi_hop_context_chars',
          help: 'Characters of the final synthesis context per request (ADR-077 context_chars; after compaction when it ran).',
          labelNames: ['planner'],
          buckets: [250, 500, 1000, 2000, 4000, 8000, 16000, 32000],
          registers: [registry],
        }),
    );
    this.requests = reuse(
      registry,
      'multi_hop_requests_total',
      () =>
        new Counter({
          name: 'multi_hop_requests_total',
          help: 'Requests handled by MultiHopCapability, by planner (or single-pass) and outcome (answered, refused, error).',
          labelNames: ['planner', 'outcome'],
          registers: [registry],
        }),
    );
    this.llmCalls = reuse(
      registry,
      'multi_hop_llm_calls',
      () =>
        new Histogram({
          name: 'multi_hop_llm_calls',
          help: 'LLM calls made per request.',
          labelNames: ['planner'],
          buckets: [0, 1, 2, 3, 4, 5, 6, 8, 10, 12],
          registers: [registry],
        }),
    );
    this.duration = reuse(
      registry,
      'multi_hop_request_duration_seconds',
      () =>
        new Histogram({
          name: 'multi_hop_request_duration_seconds',
          help: 'Wall time of MultiHopCapability.execute per request, in seconds.',
          labelNames: ['planner', 'outcome'],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
          registers: [registry],
        }),
    );
  }

  record(observation: RequestObservation): void {
    const { planner, outcome } = observation;
    this.requests.inc({ planner, outcome });
    this.duration.observe({ planner, outcome }, observation.durationSeconds);
    if (observation.contextChars !== undefined)
      this.contextChars.observe({ planner }, observation.contextChars);
    if (observation.llmCalls !== undefined) this.llmCalls.observe({ planner }, observation.llmCalls);
  }
}

function reuse<T>(registry: Registry, name: string, create: () => T): T {
  const existing = registry.getSingleMetric(name);
  return existing === undefined ? create() : (existing as T);
}

/** A fresh registry for a service; with `processMetrics`, also Node's process metrics (CPU, memory, event loop). */
export function createMetricsRegistry(options: { readonly processMetrics?: boolean } = {}): Registry {
  const { Registry, collectDefaultMetrics } = loadPromClient();
  const registry = new Registry();
  if (options.processMetrics === true) collectDefaultMetrics({ register: registry });
  return registry;
}
