// Keeps requests inside the portal's rate limit instead of bumping into it (design.md, "Sync").
//
// Every response carries x-ratelimit-limit / -remaining / -reset. The server counts a request when
// it arrives, and concurrent requests can be counted in any order, so a response's `remaining`
// says nothing certain about requests that were still in flight when it was sent. Each request
// therefore reserves a slot before it is sent, noting how many requests had completed by then
// (those were certainly counted before it). A response then proves:
//     server's remaining now ≥ remaining − (requests sent so far − completed before it was sent − 1)
// i.e. budget = score − sent, with score = remaining + completedAtSend + 1; the best score seen in
// the current window wins. When the budget is spent, every request waits until the window resets
// (`x-ratelimit-reset`, a late bound when it is in whole seconds); after the reset, requests that
// may already count in the new window (still in flight, or sent after the earliest possible reset)
// are held against it. Until the first response says whether there is a limit, one request at a
// time goes out.
import { codedError } from '../../shared/i18n/messages';

/** Time for the pacer, its waits and the 429 waits: real time unless a test injects its own. */
export interface TransportClock {
  now: () => number;
  /** Calls `fn` after `ms`; returns how to cancel it. */
  setTimer: (fn: () => void, ms: number) => () => void;
}

export const realClock: TransportClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  /** When the current window ends, in this process's clock (Date.now() milliseconds). */
  resetAt: number;
}

export interface WaitEvent {
  reason: 'rate_limit' | 'retry';
  ms: number;
}

export interface PacerOptions {
  /** Most requests in flight at once (also when the portal sends no rate-limit headers). */
  concurrency: number;
  /** Added to every wait for a window to reset, for the clock difference between us and the portal. */
  resetMarginMs: number;
  onWait?: (event: WaitEvent) => void;
  /** Real time, for timers: the rate limit is the server's, in real seconds. */
  now?: () => number;
  /** Calls `fn` after `ms` on the same clock as `now`; returns how to cancel it. Default: real time. */
  setTimer?: TransportClock['setTimer'];
}

export interface Slot {
  readonly seq: number;
  readonly epoch: number;
  /** Requests completed when this one was sent: those were counted before it. */
  readonly completedAtSend: number;
  readonly sentAt: number;
}

interface Waiter {
  resolve: (slot: Slot) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * Reads `x-ratelimit-reset`: seconds until the reset (small numbers), or an epoch time in seconds
 * or milliseconds (large numbers), or an HTTP date. Returns the reset time in our clock.
 */
export function parseResetHeader(value: string | null, receivedAt: number, serverDate?: string | null): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const number = Number(value);
  if (Number.isFinite(number)) {
    if (number < 0) return undefined;
    // Epoch values are read relative to the server's own Date header when present, so that a
    // workstation clock that is off by minutes does not matter.
    const serverNow = serverDate ? Date.parse(serverDate) : Number.NaN;
    const base = Number.isFinite(serverNow) ? serverNow : receivedAt;
    if (number > 1e12) return receivedAt + (number - base);
    if (number > 1e9) return receivedAt + (number * 1_000 - base);
    return receivedAt + number * 1_000;
  }
  const date = Date.parse(value);
  return Number.isFinite(date) ? receivedAt + Math.max(0, date - (serverDate ? Date.parse(serverDate) || receivedAt : receivedAt)) : undefined;
}

/** `retry-after`: delay in seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, receivedAt: number, serverDate?: string | null): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1_000 : undefined;
  const date = Date.parse(value);
  if (!Number.isFinite(date)) return undefined;
  const serverNow = serverDate ? Date.parse(serverDate) : Number.NaN;
  return Math.max(0, date - (Number.isFinite(serverNow) ? serverNow : receivedAt));
}

/** Reset times in whole seconds are this imprecise. */
const ROUNDING_MS = 1_000;

function readInt(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw == null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

export class Pacer {
  private readonly options: PacerOptions;
  private readonly now: () => number;
  /** 'probe' until a response tells whether the portal limits us. */
  private mode: 'probe' | 'limited' | 'unlimited' = 'probe';
  private limit = 0;
  /** budget = score − sent (see the top of this file). */
  private score = 0;
  /** The current window ends at or before resetAt, and after resetLower (our clock). */
  private resetAt = 0;
  private resetLower = 0;
  /** resetAt came from a response (not assumed after a window passed). */
  private resetFromHeaders = false;
  /** A reset header of 2 s or more was seen: estimates of consecutive windows cannot be confused. */
  private windowsDistinct = false;
  /** Bumped at every assumed window reset; responses to requests sent before it are stale. */
  private epoch = 0;
  private sent = 0;
  private completed = 0;
  private inFlight = 0;
  /** Send times of recently completed requests (to count those that may fall in a new window). */
  private recent: number[] = [];
  /** A 429 told us to hold everything until then. */
  private blockedUntil = 0;
  private readonly waiters: Waiter[] = [];
  private timer: (() => void) | undefined;
  private timerAt = 0;
  private announcedUntil = 0;

  constructor(options: PacerOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? realClock.setTimer;
  }

  private readonly setTimer: (fn: () => void, ms: number) => () => void;

  /** The latest figures the portal sent, adjusted for what we sent since. */
  snapshot(): RateLimitSnapshot | undefined {
    if (this.mode !== 'limited') return undefined;
    return { limit: this.limit, remaining: Math.max(0, this.score - this.sent), resetAt: this.resetAt };
  }

  get pending(): number {
    return this.waiters.length;
  }

  /** Waits for a slot that will not exceed the rate limit; resolve ⇒ the caller sends now. */
  acquire(signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) return Promise.reject(codedError('cancelled', { code: 'portal.cancelled' }));
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(codedError('cancelled', { code: 'portal.cancelled' }));
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** The slot was not used (nothing was sent): as if it had never been taken. */
  giveBack(): void {
    this.sent--;
    this.inFlight--;
    this.pump();
  }

  /** The request is over; `response` when one arrived (any status). */
  release(slot: Slot, response?: { headers: Headers; status: number }, receivedAt = this.now()): void {
    this.inFlight--;
    this.completed++;
    this.recent.push(slot.sentAt);
    if (this.recent.length > 2_048) this.recent.splice(0, 1_024);
    if (response) this.learn(slot, response.headers, response.status, receivedAt);
    this.pump();
  }

  /** A 429: nobody sends before `until` (our clock); then a new window is assumed. */
  block(until: number): void {
    if (until > this.announcedUntil + 50) {
      this.announcedUntil = until;
      this.options.onWait?.({ reason: 'rate_limit', ms: Math.max(0, until - this.now()) });
    }
    this.blockedUntil = Math.max(this.blockedUntil, until);
    if (this.mode === 'limited') {
      this.score = this.sent; // budget 0
      this.resetAt = Math.max(this.resetAt, until);
      this.resetLower = Math.max(this.resetLower, until - ROUNDING_MS);
      this.resetFromHeaders = false;
    }
    this.pump();
  }

  private learn(slot: Slot, headers: Headers, status: number, receivedAt: number): void {
    const limit = readInt(headers, 'x-ratelimit-limit');
    const remaining = readInt(headers, 'x-ratelimit-remaining');
    const rawReset = headers.get('x-ratelimit-reset');
    if (limit === undefined || remaining === undefined) {
      // A success without figures: the portal does not limit us. (Errors are not counted by
      // every portal, e.g. a 401 before the limiter, so they prove nothing.)
      if (this.mode === 'probe' && status < 400) this.mode = 'unlimited';
      return;
    }
    if (this.mode === 'limited' && slot.epoch !== this.epoch) return; // sent before a reset we assumed
    const upper = parseResetHeader(rawReset, receivedAt, headers.get('date')) ?? receivedAt + ROUNDING_MS;
    const seconds = Number(rawReset);
    // Whole seconds are rounded up: the window ends after sent + (n − 1) s.
    const lower = Number.isInteger(seconds) && seconds < 1e9 ? slot.sentAt + (seconds - 1) * 1_000 : upper - ROUNDING_MS;
    if (Number.isFinite(seconds) && seconds >= 2 && seconds < 1e9) this.windowsDistinct = true;
    const score = remaining + slot.completedAtSend + 1;

    if (this.mode !== 'limited' || !this.resetFromHeaders || upper > this.resetAt + (this.windowsDistinct ? ROUNDING_MS : 0)) {
      // First figures, or a later window than the one we knew.
      this.mode = 'limited';
      this.limit = limit;
      this.score = score;
      this.resetAt = upper;
      this.resetLower = lower;
      this.resetFromHeaders = true;
      return;
    }
    if (this.windowsDistinct && upper < this.resetAt - ROUNDING_MS) return; // an earlier window's answer
    // The same window: keep the tightest bounds.
    this.limit = limit;
    this.score = Math.max(this.score, score);
    this.resetAt = Math.min(this.resetAt, upper);
    this.resetLower = Math.max(this.resetLower, lower);
  }

  private budget(now: number): number {
    if (this.mode === 'unlimited') return Number.POSITIVE_INFINITY;
    if (this.mode === 'probe') return this.inFlight === 0 ? 1 : 0;
    if (now >= this.resetAt + this.options.resetMarginMs) {
      // A new window. Requests still in flight, or sent after the earliest moment the old window
      // could have ended, may already count in it.
      const since = Math.min(this.resetLower, this.resetAt);
      const maybeCounted = this.inFlight + this.recent.filter((t) => t >= since).length;
      this.epoch++;
      this.score = this.sent + this.limit - maybeCounted;
      // Until a response tells the new reset time, assume the window lasts at least a second.
      this.resetAt = now + ROUNDING_MS;
      this.resetLower = now;
      this.resetFromHeaders = false;
    }
    return this.score - this.sent;
  }

  private pump(): void {
    const now = this.now();
    while (this.waiters.length > 0) {
      if (this.inFlight >= this.options.concurrency) return;
      if (now < this.blockedUntil) return this.wakeAt(this.blockedUntil);
      if (this.budget(now) <= 0) {
        if (this.mode === 'probe') return; // the probe's response will pump again
        return this.wakeAt(this.resetAt + this.options.resetMarginMs);
      }
      const waiter = this.waiters.shift();
      if (!waiter) return;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.sent++;
      this.inFlight++;
      waiter.resolve({ seq: this.sent, epoch: this.epoch, completedAtSend: this.completed, sentAt: now });
    }
    this.clearTimer();
  }

  private wakeAt(at: number): void {
    const now = this.now();
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.clearTimer();
    const ms = Math.max(0, at - now);
    if (at > this.announcedUntil + 50) {
      this.announcedUntil = at;
      this.options.onWait?.({ reason: 'rate_limit', ms });
    }
    this.timerAt = at;
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      this.pump();
    }, ms);
  }

  private clearTimer(): void {
    this.timer?.();
    this.timer = undefined;
  }
}
