import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RootweaverError } from '@rootweaver/core';
import type { Passage } from '../corpus/document.js';
import type { GeneratorRecipe } from '../generation/qa-generator.js';
import type { PassageWorkerData, PassageWorkReply, PassageWorkRequest } from './passage-worker.js';
import type { PassageOutcome } from './process-passage.js';

/** The compiled worker module next to this one; `undefined` when running from TypeScript sources. */
export function defaultWorkerEntry(): URL | undefined {
  const compiled = new URL('./passage-worker.js', import.meta.url);
  return compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled)) ? compiled : undefined;
}

interface Pending {
  readonly resolve: (outcomes: PassageOutcome[]) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Worker threads that annotate and generate passages (pure functions of a passage) while the
 * calling thread, the one writer, stores what they made. Each request goes to the worker with the
 * fewest in flight; replies keep their request's order for the caller, who awaits them in turn.
 */
export class PassageWorkerPool {
  private readonly workers: { worker: Worker; inFlight: number }[] = [];
  private readonly pending = new Map<number, Pending & { slot: { inFlight: number } }>();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(options: {
    count: number;
    recipe: GeneratorRecipe;
    entry: URL;
    extraData?: Record<string, unknown>;
  }) {
    const data: PassageWorkerData & Record<string, unknown> = {
      ...options.extraData,
      kind: 'rootweaver-passage-worker',
      recipe: options.recipe,
    };
    for (let index = 0; index < options.count; index += 1) {
      const worker = new Worker(options.entry, { workerData: data });
      const slot = { worker, inFlight: 0 };
      worker.on('message', (reply: PassageWorkReply) => {
        const waiting = this.pending.get(reply.id);
        if (waiting === undefined) return;
        this.pending.delete(reply.id);
        waiting.slot.inFlight -= 1;
        if ('error' in reply)
          waiting.reject(
            new RootweaverError(
              'index-build-failed',
              `A passage worker failed: ${reply.error}. Run the build again (it resumes), or with --workers 0.`,
            ),
          );
        else waiting.resolve(reply.outcomes);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a passage worker exited with code ${code}`));
      });
      this.workers.push(slot);
    }
  }

  private fail(error: Error): void {
    this.failure ??= new RootweaverError(
      'index-build-failed',
      `A passage worker stopped: ${error.message}. Run the build again (it resumes), or with --workers 0.`,
      { cause: error },
    );
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  /** Annotates and generates `passages` in a worker. */
  process(
    passages: readonly { readonly passage: Passage; readonly hash: string }[],
  ): Promise<PassageOutcome[]> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const slot = this.workers.reduce((best, candidate) =>
      candidate.inFlight < best.inFlight ? candidate : best,
    );
    const id = this.nextId;
    this.nextId += 1;
    slot.inFlight += 1;
    return new Promise<PassageOutcome[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, slot });
      slot.worker.postMessage({ id, passages } satisfies PassageWorkRequest);
    });
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    for (const waiting of this.pending.values())
      waiting.reject(new RootweaverError('aborted', 'The build stopped.'));
    this.pending.clear();
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }
}
