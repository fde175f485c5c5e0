import { Worker } from 'node:worker_threads';
import { Gradients } from './backward-operations.js';

/** What the main thread sends a gradient worker once, before any batch. */
export interface WorkerSetup<Task> {
  readonly shapes: [string, number[]][];
  readonly parameters: [string, SharedArrayBuffer][];
  readonly gradients: [string, SharedArrayBuffer][];
  readonly task: Task;
}

/** One batch share: the example indexes and the step (which seeds each example's dropout). */
export interface WorkerBatch {
  readonly indexes: readonly number[];
  readonly step: number;
}

/**
 * Worker threads that compute the gradients of a batch's examples in parallel, each into its own
 * shared buffers, over the parameters the main thread shares with them. Summed in a fixed order, so a
 * run is reproducible for a given seed and worker count.
 */
export class GradientWorkers {
  readonly #workers: { worker: Worker; gradients: Gradients }[];
  /** The batch in flight's rejection: one error listener a worker, not one a batch. */
  #fail: ((error: unknown) => void) | undefined;

  private constructor(workers: { worker: Worker; gradients: Gradients }[]) {
    this.#workers = workers;
    for (const { worker } of workers) worker.on('error', (error) => this.#fail?.(error));
  }

  static async start<Task>(options: {
    script: URL;
    count: number;
    shapes: ReadonlyMap<string, readonly number[]>;
    parameters: ReadonlyMap<string, SharedArrayBuffer>;
    task: Task;
  }): Promise<{ workers: GradientWorkers; exampleCount: number }> {
    const started = await Promise.all(
      Array.from({ length: options.count }, async () => {
        const gradients = new Gradients(options.shapes, { shared: true });
        const setup: WorkerSetup<Task> = {
          shapes: [...options.shapes].map(([name, shape]) => [name, [...shape]]),
          parameters: [...options.parameters],
          gradients: [...gradients.buffers()],
          task: options.task,
        };
        const worker = new Worker(options.script, { workerData: setup });
        const exampleCount = await new Promise<number>((resolve, reject) => {
          worker.once('message', (message: { ready: number }) => resolve(message.ready));
          worker.once('error', reject);
        });
        return { worker, gradients, exampleCount };
      }),
    );
    const counts = new Set(started.map((entry) => entry.exampleCount));
    if (counts.size !== 1) throw new Error(`workers built different example sets: ${[...counts].join(', ')}`);
    return { workers: new GradientWorkers(started), exampleCount: started[0]?.exampleCount ?? 0 };
  }

  /** Adds the batch's gradients into `into` and returns the summed loss. */
  async run(indexes: readonly number[], step: number, into: Gradients): Promise<number> {
    const share = Math.ceil(indexes.length / this.#workers.length);
    const failed = new Promise<never>((_, reject) => {
      this.#fail = reject;
    });
    const losses = await Promise.race([
      failed,
      Promise.all(
        this.#workers.map(
          ({ worker }, position) =>
            new Promise<number>((resolve) => {
              const batch: WorkerBatch = {
                indexes: indexes.slice(position * share, (position + 1) * share),
                step,
              };
              worker.once('message', (message: { loss: number }) => resolve(message.loss));
              worker.postMessage(batch);
            }),
        ),
      ),
    ]);
    this.#fail = undefined;
    for (const { gradients } of this.#workers) into.add(gradients);
    return losses.reduce((sum, loss) => sum + loss, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map(({ worker }) => worker.terminate()));
  }
}
