// At most `concurrency` downloads at once across the whole photo cache. A photo the dealer is
// looking at right now (urgent) goes ahead of the sync's backlog, and a queued backlog job can
// be promoted when the dealer opens its vehicle.
export interface QueuedJob<T> {
  promise: Promise<T>;
  /** Moves the job to the front of the line if it has not started yet. */
  promote(): void;
}

export interface Limiter {
  run<T>(task: () => Promise<T>, urgent?: boolean): QueuedJob<T>;
  readonly active: number;
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const urgentQueue: Array<() => void> = [];
  const queue: Array<() => void> = [];
  let active = 0;
  const next = () => {
    if (active >= concurrency) return;
    const start = urgentQueue.shift() ?? queue.shift();
    if (start) start();
  };
  return {
    get active() {
      return active;
    },
    run<T>(task: () => Promise<T>, urgent = false): QueuedJob<T> {
      let start!: () => void;
      const promise = new Promise<T>((resolve, reject) => {
        start = () => {
          active++;
          task()
            .then(resolve, reject)
            .finally(() => {
              active--;
              next();
            });
        };
      });
      (urgent ? urgentQueue : queue).push(start);
      next();
      return {
        promise,
        promote() {
          const at = queue.indexOf(start);
          if (at < 0) return;
          queue.splice(at, 1);
          urgentQueue.push(start);
        },
      };
    },
  };
}
