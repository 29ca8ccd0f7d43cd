// The sandbox clock: real time plus an offset that tests can move. It keeps ticking with real time,
// so delays measured on it (queue, listing url, JWT expiry, rate-limit window) pass by themselves
// in a demo, and a test can skip them with advance() instead of sleeping.

export interface SandboxClock {
  /** Current sandbox time. */
  now(): Date;
  /** Current sandbox time in epoch milliseconds. */
  nowMs(): number;
  /** Moves the clock forward (or backward with a negative value) by `ms`. */
  advance(ms: number): void;
  /** Moves the clock to `date`; it keeps ticking from there. */
  set(date: Date | string | number): void;
}

export function createClock(start?: Date | string | number, realNow: () => number = Date.now): SandboxClock {
  let offset = start === undefined ? 0 : new Date(start).getTime() - realNow();
  if (Number.isNaN(offset)) throw new Error(`invalid clock start: ${String(start)}`);
  const nowMs = (): number => realNow() + offset;
  return {
    now: () => new Date(nowMs()),
    nowMs,
    advance(ms: number) {
      if (!Number.isFinite(ms)) throw new Error(`clock.advance expects a finite number of ms, got ${ms}`);
      offset += ms;
    },
    set(date) {
      const target = new Date(date).getTime();
      if (Number.isNaN(target)) throw new Error(`invalid date: ${String(date)}`);
      offset = target - realNow();
    },
  };
}
