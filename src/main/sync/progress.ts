// Progress of the running sync, as the UI sees it. Every change updates `current`; listeners get
// at most one event per `intervalMs` (the last state always goes out, late rather than never),
// and phase changes and the final event at once.
import type { SyncKind, SyncPhase, SyncProgress } from '../../shared/views';

export interface ProgressOptions {
  runId: string;
  kind: SyncKind;
  onProgress?: (p: SyncProgress) => void;
  intervalMs?: number;
  /** Monotonic clock for throttling (not the wall clock a test may freeze). */
  tick?: () => number;
}

export class ProgressTracker {
  private state: SyncProgress;
  private readonly listener: ((p: SyncProgress) => void) | undefined;
  private readonly intervalMs: number;
  private readonly tick: () => number;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitUntil = 0;
  private waitReason: SyncProgress['waitReason'];
  private closed = false;

  constructor(options: ProgressOptions) {
    this.listener = options.onProgress;
    this.intervalMs = options.intervalMs ?? 100;
    this.tick = options.tick ?? (() => performance.now());
    this.state = { runId: options.runId, kind: options.kind, phase: 'outbox', pagesDone: 0, pagesTotal: 0, vehiclesDone: 0, vehiclesTotal: 0 };
  }

  get current(): SyncProgress {
    return this.snapshot();
  }

  setRunId(runId: string): void {
    this.state.runId = runId;
  }

  setKind(kind: SyncKind): void {
    if (this.state.kind === kind) return;
    this.state.kind = kind;
    this.send(true);
  }

  /** The first event (phase 'outbox'). */
  start(): void {
    this.send(true);
  }

  phase(phase: SyncPhase): void {
    if (this.state.phase === phase) return;
    this.state.phase = phase;
    this.send(true);
  }

  update(patch: Partial<Pick<SyncProgress, 'pagesDone' | 'pagesTotal' | 'vehiclesDone' | 'vehiclesTotal' | 'photosDone' | 'photosTotal'>>): void {
    Object.assign(this.state, patch);
    this.send(false);
  }

  addPages(done: number, total = 0): void {
    this.state.pagesDone += done;
    this.state.pagesTotal += total;
    this.send(false);
  }

  /** A wait the portal client announced (rate limit, retry backoff) or that the rate-limit figures imply. */
  waiting(ms: number, reason: NonNullable<SyncProgress['waitReason']>): void {
    const until = this.tick() + ms;
    if (until <= this.waitUntil && reason === this.waitReason) return;
    this.waitUntil = until;
    this.waitReason = reason;
    this.send(false);
  }

  /** The final event: sent at once, and nothing after it. */
  finish(): void {
    this.state.phase = 'done';
    this.waitUntil = 0;
    this.send(true);
    this.closed = true;
    this.clearTimer();
  }

  dispose(): void {
    this.closed = true;
    this.clearTimer();
  }

  private snapshot(): SyncProgress {
    const p: SyncProgress = { ...this.state };
    const left = Math.round(this.waitUntil - this.tick());
    if (left > 0 && this.state.phase !== 'done') {
      p.waitingMs = left;
      p.waitReason = this.waitReason;
    }
    return p;
  }

  private send(force: boolean): void {
    if (this.closed || !this.listener) return;
    const now = this.tick();
    if (force || now - this.lastSentAt >= this.intervalMs) {
      this.clearTimer();
      this.lastSentAt = now;
      this.emit();
      return;
    }
    if (this.timer !== undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.closed) return;
        this.lastSentAt = this.tick();
        this.emit();
      },
      Math.max(0, this.intervalMs - (now - this.lastSentAt)),
    );
    this.timer.unref();
  }

  private emit(): void {
    try {
      this.listener?.(this.snapshot());
    } catch {
      // A listener's failure is not the sync's.
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
