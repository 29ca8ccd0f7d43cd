// Keeps requests inside the portal's rate limit instead of bumping into it (design.md, "Sync").
//
// Every response carries x-ratelimit-limit / -remaining / -reset. The server counts a request when
// it arrives, so a response's `remaining` is already stale by the requests we sent after it. Each
// request therefore reserves a slot before it is sent and gets a sequence number; when a response
// arrives, the budget is `remaining − (requests sent after that one)`. Only the newest response's
// figures are used (an older one that arrives late knows less). When the budget is spent, every
// request waits until the window resets. Until the first response says whether there is a limit,
// one request at a time goes out.
import { AppError } from '../../shared/errors';
import { MESSAGES } from './errors';

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
}

export interface Slot {
  readonly seq: number;
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

/** Two reset estimates closer than this describe the same window (whole-second rounding). */
const SAME_WINDOW_MS = 1_500;

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
  private remaining = 0;
  private resetAt = 0;
  /** resetAt came from a response (not assumed after a window passed). */
  private resetFromHeaders = false;
  /** Requests sent since the response whose figures we hold. */
  private sentSinceInfo = 0;
  private infoSeq = 0;
  private seq = 0;
  private inFlight = 0;
  /** A 429 told us to hold everything until then. */
  private blockedUntil = 0;
  private readonly waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private announcedUntil = 0;

  constructor(options: PacerOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** The latest figures the portal sent, adjusted for what we sent since. */
  snapshot(): RateLimitSnapshot | undefined {
    if (this.mode !== 'limited') return undefined;
    return { limit: this.limit, remaining: Math.max(0, this.remaining - this.sentSinceInfo), resetAt: this.resetAt };
  }

  get pending(): number {
    return this.waiters.length;
  }

  /** Waits for a slot that will not exceed the rate limit; resolve ⇒ the caller sends now. */
  acquire(signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) return Promise.reject(new AppError('cancelled', MESSAGES.cancelled));
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(new AppError('cancelled', MESSAGES.cancelled));
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** The request is over; `headers` when a response arrived (any status). */
  release(slot: Slot, response?: { headers: Headers; status: number }, receivedAt = this.now()): void {
    this.inFlight--;
    if (response) this.learn(slot.seq, response.headers, response.status, receivedAt);
    this.pump();
  }

  /** A 429: nobody sends before `until` (our clock). */
  block(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
    if (this.mode === 'limited') {
      this.remaining = 0;
      this.sentSinceInfo = 0;
      this.infoSeq = this.seq;
      this.resetAt = Math.max(this.resetAt, until);
      this.resetFromHeaders = false;
    }
    this.pump();
  }

  private learn(seq: number, headers: Headers, status: number, receivedAt: number): void {
    const limit = readInt(headers, 'x-ratelimit-limit');
    const remaining = readInt(headers, 'x-ratelimit-remaining');
    const resetAt = parseResetHeader(headers.get('x-ratelimit-reset'), receivedAt, headers.get('date'));
    if (limit === undefined || remaining === undefined) {
      // A success without figures: the portal does not limit us. (Errors are not counted by
      // every portal, e.g. a 401 before the limiter, so they prove nothing.)
      if (this.mode === 'probe' && status < 400) this.mode = 'unlimited';
      return;
    }
    // Reset times in whole seconds are rounded up, so each one is a late bound of the true reset:
    // within one window, the earliest bound is the best (several responses narrow it down).
    const sameWindow = this.mode === 'limited' && this.resetFromHeaders && resetAt !== undefined && Math.abs(resetAt - this.resetAt) < SAME_WINDOW_MS;
    if (this.mode === 'limited' && seq < this.infoSeq) {
      if (sameWindow) this.resetAt = Math.min(this.resetAt, resetAt);
      return;
    }
    this.mode = 'limited';
    this.limit = limit;
    this.remaining = remaining;
    this.resetAt = sameWindow ? Math.min(this.resetAt, resetAt) : (resetAt ?? receivedAt + 1_000);
    this.resetFromHeaders = resetAt !== undefined;
    this.infoSeq = seq;
    this.sentSinceInfo = this.seq - seq;
  }

  private budget(now: number): number {
    if (this.mode === 'unlimited') return Number.POSITIVE_INFINITY;
    if (this.mode === 'probe') return this.inFlight === 0 ? 1 : 0;
    if (now >= this.resetAt + this.options.resetMarginMs) {
      // A new window. Requests still in flight may land in it, so count them against it.
      this.remaining = this.limit;
      this.sentSinceInfo = this.inFlight;
      this.infoSeq = this.seq;
      // Until a response tells the new reset time, assume the window lasts at least a second.
      this.resetAt = now + 1_000;
      this.resetFromHeaders = false;
    }
    return this.remaining - this.sentSinceInfo;
  }

  private pump(): void {
    const now = this.now();
    while (this.waiters.length > 0) {
      if (this.inFlight >= this.options.concurrency) return;
      if (now < this.blockedUntil) return this.wakeAt(this.blockedUntil);
      if (this.budget(now) <= 0) {
        if (this.mode === 'probe') return; // the probe's response will pump again
        if (this.inFlight > 0 && this.resetAt <= now) return; // a response is due; it will pump again
        return this.wakeAt(this.resetAt + this.options.resetMarginMs);
      }
      const waiter = this.waiters.shift();
      if (!waiter) return;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.seq++;
      this.inFlight++;
      this.sentSinceInfo++;
      waiter.resolve({ seq: this.seq });
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
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
