// The portal's write queue: POST, PUT and DELETE answer 202 and take effect later. A job is due
// `delayMs` after it was queued, on the sandbox clock (which ticks with real time, so a delay of
// 500 passes in half a second; advancing the clock passes it at once). Due jobs are applied
// lazily, in the order queued, at the start of the next request or control call. `delayMs:
// Infinity` keeps jobs until `flush()`.
//
// A job may have work to do before it applies (a write fetches its pictures): that work starts
// when the job is due, the job stays queued meanwhile (and so do later jobs on its vehicle), and
// it applies as soon as the work is done. `settle()` waits for that.
import type { SandboxClock } from './clock';
import type { QueueJobInfo, QueueMessageType } from './types';

interface Job {
  info: QueueJobInfo;
  reference: string;
  dueAtMs: number;
  run: () => void;
  /** Work done once the job is due, before it applies (never rejects). */
  prepare?: () => Promise<void>;
  /** Set once prepare has started; resolves when it is done. */
  preparing?: Promise<void>;
  prepared?: boolean;
  /** What the job will change, when the account must count it before it runs (a listing slot, a highlight). */
  claims?: Claim;
}

/** A plan resource a queued job will take when it runs. */
export type Claim = 'listing' | 'highlight';

export class WriteQueue {
  private jobs: Job[] = [];
  private nextId = 1;
  /** Jobs applied since the queue was made (settle() reports the difference). */
  private applied = 0;

  constructor(
    private readonly clock: SandboxClock,
    public delayMs: number,
  ) {}

  enqueue(messageType: QueueMessageType, reference: string, endpoint: string, run: () => void, claims?: Claim, prepare?: () => Promise<void>): QueueJobInfo {
    const now = this.clock.nowMs();
    const info: QueueJobInfo = { jobId: String(this.nextId++), messageType, endpoint, timestamp: new Date(now).toISOString() };
    this.jobs.push({ info, reference, dueAtMs: now + this.delayMs, run, ...(claims ? { claims } : {}), ...(prepare ? { prepare } : {}) });
    return info;
  }

  /** The references whose queued jobs will take `claim` (each counted once). */
  claiming(claim: Claim): Set<string> {
    return new Set(this.jobs.filter((j) => j.claims === claim).map((j) => j.reference));
  }

  pendingFor(reference: string): QueueJobInfo[] {
    return this.jobs.filter((j) => j.reference === reference).map((j) => j.info);
  }

  hasPending(reference: string, messageType: QueueMessageType): boolean {
    return this.jobs.some((j) => j.reference === reference && j.info.messageType === messageType);
  }

  pending(): QueueJobInfo[] {
    return this.jobs.map((j) => j.info);
  }

  get size(): number {
    return this.jobs.length;
  }

  /** Applies the jobs that are due; returns how many ran. */
  processDue(): number {
    if (this.jobs.length === 0) return 0;
    const now = this.clock.nowMs();
    let ran = 0;
    // FIFO: a job never overtakes an earlier one on the same vehicle.
    const blocked = new Set<string>();
    const remaining: Job[] = [];
    for (const job of this.jobs) {
      if (job.dueAtMs <= now && !blocked.has(job.reference) && this.isPrepared(job)) {
        job.run();
        ran++;
        this.applied++;
      } else {
        blocked.add(job.reference);
        remaining.push(job);
      }
    }
    this.jobs = remaining;
    return ran;
  }

  /** Whether a due job may run now; starts its preparation the first time it is asked. */
  private isPrepared(job: Job): boolean {
    if (!job.prepare || job.prepared) return true;
    job.preparing ??= job.prepare().then(() => {
      job.prepared = true;
      this.processDue();
    });
    return false;
  }

  /** Makes every queued job due now and applies those that need no preparation; returns how many ran. */
  flush(): number {
    for (const job of this.jobs) job.dueAtMs = -Infinity;
    return this.processDue();
  }

  /** Applies due jobs, waiting for the preparation of those that need one; returns how many ran. */
  async settle(): Promise<number> {
    const start = this.applied;
    for (;;) {
      this.processDue();
      const waiting = this.jobs.flatMap((j) => (j.preparing && !j.prepared ? [j.preparing] : []));
      if (waiting.length === 0) return this.applied - start;
      await Promise.all(waiting);
    }
  }
}
