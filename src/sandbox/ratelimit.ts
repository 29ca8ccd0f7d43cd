// Fixed-window rate limiting per client, measured on the sandbox clock: a window opens at a
// client's first request and lasts `windowMs`; past `limit` requests in it the answer is 429.
import type { SandboxClock } from './clock';

export interface RateLimitConfig {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in ms. Default 10,000. */
  windowMs?: number;
}

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (rounded up). */
  resetSeconds: number;
  limited: boolean;
}

interface Window {
  startMs: number;
  count: number;
}

export class RateLimiter {
  private config: Required<RateLimitConfig> | false;
  private readonly perClient = new Map<string, Required<RateLimitConfig> | false>();
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: SandboxClock,
    config: RateLimitConfig | false | undefined,
  ) {
    this.config = normalise(config);
  }

  /** Changes the limit for every client (or one client); resets the windows concerned. */
  set(config: RateLimitConfig | false, clientId?: string): void {
    if (clientId === undefined) {
      this.config = normalise(config);
      this.windows.clear();
    } else {
      this.perClient.set(clientId, normalise(config));
      this.windows.delete(clientId);
    }
  }

  get(clientId?: string): Required<RateLimitConfig> | false {
    return (clientId !== undefined ? this.perClient.get(clientId) : undefined) ?? this.config;
  }

  /** Counts one request of the client; null when rate limiting is off for it. */
  hit(clientId: string): RateLimitDecision | null {
    const config = this.get(clientId);
    if (!config) return null;
    const now = this.clock.nowMs();
    let window = this.windows.get(clientId);
    if (!window || now >= window.startMs + config.windowMs || now < window.startMs) {
      window = { startMs: now, count: 0 };
      this.windows.set(clientId, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.startMs + config.windowMs - now) / 1000));
    if (window.count >= config.limit) return { limit: config.limit, remaining: 0, resetSeconds, limited: true };
    window.count++;
    return { limit: config.limit, remaining: config.limit - window.count, resetSeconds, limited: false };
  }
}

function normalise(config: RateLimitConfig | false | undefined): Required<RateLimitConfig> | false {
  if (!config) return false;
  if (!Number.isInteger(config.limit) || config.limit < 1) throw new Error(`rate limit must be a positive integer, got ${config.limit}`);
  const windowMs = config.windowMs ?? 10_000;
  if (!(windowMs > 0)) throw new Error(`rate limit window must be positive, got ${windowMs}`);
  return { limit: config.limit, windowMs };
}
