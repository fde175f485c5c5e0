/** One stage of a long run (`index build`, `update`, `import`), as it starts, advances and ends. */
export interface StageProgress {
  /** `read`, `generate`, `remove`, `store`, `manifest`, … */
  readonly stage: string;
  readonly status: 'started' | 'running' | 'finished';
  /** Units done so far in this stage (this run's work only: skipped passages are not counted). */
  readonly done?: number;
  /** Units the stage has to do, when known before it ends. */
  readonly total?: number;
  /** What `done` and `total` count: `passages`, `pairs`. */
  readonly unit?: string;
  /** Since the stage started. */
  readonly elapsedMs: number;
}

/** A finished stage, as a run's summary lists it: the summary's time is the sum of these. */
export interface StageTiming {
  readonly stage: string;
  readonly ms: number;
  readonly done?: number;
  readonly unit?: string;
}

export interface StageHandle {
  /** `done` units so far (of the `total` given at `begin`). */
  advance(done: number): void;
  /** Ends the stage; `done` is what it did in all, when it counts units. */
  end(done?: number): void;
}

/** Times a run's stages one after the other and tells `onStage` about each (start, progress, end). */
export class StageTracker {
  private readonly finished: StageTiming[] = [];

  constructor(private readonly onStage: ((progress: StageProgress) => void) | undefined) {}

  begin(stage: string, counts: { readonly total?: number; readonly unit?: string } = {}): StageHandle {
    const started = performance.now();
    const { total, unit } = counts;
    let last = 0;
    const emit = (status: StageProgress['status'], done: number | undefined): void => {
      this.onStage?.({
        stage,
        status,
        ...(done === undefined ? {} : { done }),
        ...(total === undefined ? {} : { total }),
        ...(unit === undefined ? {} : { unit }),
        elapsedMs: performance.now() - started,
      });
    };
    emit('started', total === undefined ? undefined : 0);
    let ended = false;
    return {
      advance: (done) => {
        last = done;
        emit('running', done);
      },
      end: (done) => {
        if (ended) return;
        ended = true;
        const count = done ?? (total === undefined ? undefined : last);
        this.finished.push({
          stage,
          ms: performance.now() - started,
          ...(count === undefined ? {} : { done: count }),
          ...(unit === undefined ? {} : { unit }),
        });
        emit('finished', count);
      },
    };
  }

  /** The stages finished so far, in order. */
  timings(): StageTiming[] {
    return [...this.finished];
  }
}
