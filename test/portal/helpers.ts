// Every portal test talks to the sandbox over real HTTP on loopback.
import { afterEach } from 'vitest';
import { createPortalClient, type PortalClient, type PortalClientOptions, type TransportClock } from '../../src/main/portal';
import { AppError } from '../../src/shared/errors';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const s = await startSandbox({ vehicles: 20, ...options });
  open.push(s);
  return s;
}

/** A client for the sandbox's first client, on the sandbox clock, with quick backoff for tests. */
export function clientFor(s: Sandbox, options: Partial<PortalClientOptions> = {}): PortalClient {
  return createPortalClient({
    baseUrl: s.baseUrl,
    integrationToken: s.integrationToken,
    now: () => s.clock.nowMs(),
    backoffMs: 20,
    maxBackoffMs: 100,
    ...options,
  });
}

export async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError, got a result');
}

/**
 * Time for a client that skips the rate limit's waits on the sandbox clock instead of sleeping:
 * a wait ends as soon as no request is in flight (the portal has counted every request sent), by
 * moving the clock to its end. Pass `clock` and `hooks` to the client (they count requests).
 */
export function skippedWaits(s: Pick<Sandbox, 'clock'>): { clock: TransportClock; hooks: Required<Pick<PortalClientOptions, 'onRequest' | 'onResponse'>> } {
  let inFlight = 0;
  const whenIdle: Array<() => void> = [];
  // Checked again on the next turn: a request the pacer has just let go starts in a microtask.
  const settle = () =>
    setImmediate(() => {
      if (inFlight === 0) for (const fn of whenIdle.splice(0)) fn();
    });
  return {
    clock: {
      now: () => s.clock.nowMs(),
      setTimer(fn, ms) {
        const at = s.clock.nowMs() + ms;
        let cancelled = false;
        whenIdle.push(() => {
          if (cancelled) return;
          const left = at - s.clock.nowMs();
          if (left > 0) s.clock.advance(left);
          fn();
        });
        settle();
        return () => {
          cancelled = true;
        };
      },
    },
    hooks: {
      onRequest: () => {
        inFlight++;
      },
      onResponse: () => {
        inFlight--;
        if (inFlight === 0) settle();
      },
    },
  };
}
