import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What the lifecycle knows of one connection. */
interface ConnectionState {
  /** Responses finished on it. */
  served: number;
  /** A request is being read or answered. */
  active: boolean;
}

/** Limits of the server's lifecycle (ADR-0010). */
export interface ServerLifecycleOptions {
  /** Runs (`POST /v1/ask`) at once; more are answered 503 with `Retry-After`. Default 256. */
  readonly maxConcurrentRuns?: number;
  /**
   * While shutting down, the listener stays open until no connection has arrived for this long, so
   * connections the kernel already accepted are answered (503, `Connection: close`) instead of
   * reset. Default 500 ms.
   */
  readonly quietMs?: number;
}

/** The reason a run is aborted with when shutdown's drain time is over. */
export class ShutdownAbort extends Error {
  constructor() {
    super('the server is shutting down');
    this.name = 'ShutdownAbort';
  }
}

/** A run admitted by the concurrency cap: its signal fires when shutdown ends it; `release` when it is done. */
export interface AdmittedRun {
  readonly signal: AbortSignal;
  release(): void;
}

/**
 * The lifecycle of the HTTP server: admission under a cap on concurrent runs, and a shutdown that
 * answers every request the kernel accepted. `shutdown` (1) marks the server draining (new requests
 * get a 503 JSON body and `Connection: close`), (2) keeps listening until connections stop arriving,
 * then closes the listener, (3) lets runs finish until the drain time, (4) ends the rest through their
 * signal (their handlers answer 503), and (5) closes what is left.
 */
export class ServerLifecycle {
  private readonly runs = new Set<AbortController>();
  private readonly connections = new Map<Socket, ConnectionState>();
  private readonly maxConcurrentRuns: number;
  private readonly quietMs: number;
  private lastConnectionAt = Date.now();
  private drainingSince: number | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly server: Server,
    options: ServerLifecycleOptions = {},
  ) {
    this.maxConcurrentRuns = options.maxConcurrentRuns ?? 256;
    this.quietMs = options.quietMs ?? 500;
    server.on('connection', (socket: Socket) => {
      this.lastConnectionAt = Date.now();
      this.connections.set(socket, { served: 0, active: false });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (request, response) => {
      const state = this.connections.get(request.socket);
      if (state === undefined) return;
      state.active = true;
      response.once('close', () => {
        state.active = false;
        state.served += 1;
        if (this.draining) setImmediate(() => this.closeIdleKeepAlive());
      });
    });
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Runs in progress. */
  get activeRuns(): number {
    return this.runs.size;
  }

  /** A slot for one run, or undefined when the cap is reached (answer 503 + Retry-After). */
  admit(): AdmittedRun | undefined {
    if (this.runs.size >= this.maxConcurrentRuns) return undefined;
    const controller = new AbortController();
    this.runs.add(controller);
    let released = false;
    return {
      signal: controller.signal,
      release: () => {
        if (released) return;
        released = true;
        this.runs.delete(controller);
        if (this.runs.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      },
    };
  }

  /** Drains and closes; resolves once the listener is closed and every connection is answered or closed. */
  async shutdown(drainMs: number): Promise<void> {
    if (this.drainingSince === undefined) this.drainingSince = Date.now();
    // The quiet period counts from the signal at the earliest: connections a client opens right after
    // it (a burst in flight) are still answered.
    this.lastConnectionAt = Math.max(this.lastConnectionAt, this.drainingSince);
    const deadline = this.drainingSince + drainMs;
    const server = this.server;
    if (server.listening) {
      // (2) Answer what the kernel already accepted: close the listener only once connections stop.
      // Each check follows a poll phase (setImmediate), so accepts queued while the loop was busy
      // have been seen first.
      for (;;) {
        await delay(Math.min(this.quietMs, 50));
        await nextPoll();
        if (Date.now() - this.lastConnectionAt >= this.quietMs || Date.now() >= deadline) break;
      }
    }
    const closed = new Promise<void>((resolve) => {
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
    this.closeIdleKeepAlive();
    // (3) Runs finish until the drain time; (4) the rest are ended and answer 503.
    await Promise.race([this.idle(), delay(Math.max(0, deadline - Date.now()))]);
    for (const run of this.runs) run.abort(new ShutdownAbort());
    await Promise.race([this.idle(), delay(2_000)]);
    // (5) Their answers are written. A connection accepted but not yet read still gets its 503
    // (until the headers timeout); what is open after that is a stuck client.
    await Promise.race([closed, delay(Math.max(1_000, deadline - Date.now()))]);
    server.closeAllConnections();
    await closed;
  }

  /**
   * Closes keep-alive connections between requests. Not node's `closeIdleConnections`: that also
   * destroys connections accepted a moment ago whose request is not read yet (a reset for the client).
   */
  private closeIdleKeepAlive(): void {
    for (const [socket, state] of this.connections) {
      if (!state.active && state.served > 0) socket.destroy();
    }
  }

  private idle(): Promise<void> {
    if (this.runs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

function nextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
