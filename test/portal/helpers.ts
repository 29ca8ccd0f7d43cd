// Every portal test talks to the sandbox over real HTTP on loopback.
import { afterEach } from 'vitest';
import { createPortalClient, type PortalClient, type PortalClientOptions } from '../../src/main/portal';
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
