// A backend as the app builds it, for tests: a temp data folder, the real keychain (a service of
// its own per backend), an event recorder, a recorder for the system browser, and the sandbox.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChannelName, ChannelParsedInput, ChannelOutput, EventName, EventPayload } from '../../src/shared/contract';
import { createBackend } from '../../src/main/backend';
import { openCache } from '../../src/main/cache';
import type { Backend, BackendDeps, DemoSandbox } from '../../src/main/ipc/backend';
import { createEventHub } from '../../src/main/ipc/events';
import { guardedOpenExternal } from '../../src/main/shell/urls';
import { createKeytarKeychain, type Keychain } from '../../src/main/secrets';
import { codedError } from '../../src/shared/i18n/messages';
import { silentLogger } from '../../src/main/base/logger';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

export interface RecordedEvent {
  event: EventName;
  payload: unknown;
}

export interface EventRecorder {
  all: RecordedEvent[];
  of<E extends EventName>(event: E): EventPayload<E>[];
  /** Resolves with the first matching payload recorded from now on (or already recorded after `since`). */
  next<E extends EventName>(
    event: E,
    match?: (payload: EventPayload<E>) => boolean,
    options?: { timeoutMs?: number; since?: number },
  ): Promise<EventPayload<E>>;
  clear(): void;
}

export interface TestBackend {
  backend: Backend;
  dataDir: string;
  keychain: Keychain;
  events: EventRecorder;
  opened: string[];
  demos: Sandbox[];
  call<C extends ChannelName>(channel: C, input: ChannelParsedInput<C>): Promise<ChannelOutput<C>>;
  /** Closes the backend (and the demo sandboxes); the data folder stays until `cleanup`. */
  close(): Promise<void>;
  cleanup(): Promise<void>;
}

export function recordEvents(hub: ReturnType<typeof createEventHub>): EventRecorder {
  const all: RecordedEvent[] = [];
  const waiters = new Set<(e: RecordedEvent) => void>();
  hub.subscribe((event, payload) => {
    const recorded = { event, payload };
    all.push(recorded);
    for (const w of [...waiters]) w(recorded);
  });
  return {
    all,
    of: <E extends EventName>(event: E) => all.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>),
    next: (event, match = () => true, options = {}) =>
      new Promise((resolve, reject) => {
        if (options.since !== undefined) {
          const found = all.slice(options.since).find((e) => e.event === event && match(e.payload as never));
          if (found) return resolve(found.payload as never);
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no ${event} event within ${options.timeoutMs ?? 20_000} ms`));
        }, options.timeoutMs ?? 20_000);
        const waiter = (e: RecordedEvent) => {
          if (e.event !== event || !match(e.payload as never)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(e.payload as never);
        };
        waiters.add(waiter);
      }),
    clear: () => {
      all.length = 0;
    },
  };
}

export interface MakeBackendOptions {
  dataDir?: string;
  keychain?: Keychain;
  demo?: SandboxOptions;
  deps?: Partial<BackendDeps>;
}

export async function makeBackend(options: MakeBackendOptions = {}): Promise<TestBackend> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'showroom-backend-'));
  const keychain = options.keychain ?? createKeytarKeychain(`Showroom-backend-test-${randomUUID()}`);
  const hub = createEventHub();
  const events = recordEvents(hub);
  const opened: string[] = [];
  const demos: Sandbox[] = [];
  const backend = await createBackend({
    dataDir,
    keychain,
    logger: silentLogger,
    emit: hub.emit,
    openExternal: guardedOpenExternal(async (url) => {
      opened.push(url);
    }),
    // As a save dialog that always chose the suggested name in <dataDir>/saved.
    exportDestination: {
      place: async ({ fileName }) => {
        const file = join(dataDir, 'saved', fileName);
        mkdirSync(dirname(file), { recursive: true });
        return { file, deliver: () => ({ kind: 'saved', file }) };
      },
    },
    startDemoSandbox: async (): Promise<DemoSandbox> => {
      const sandbox = await startSandbox({ vehicles: 200, ...options.demo });
      demos.push(sandbox);
      return sandbox;
    },
    ...options.deps,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await backend.close();
    for (const demo of demos) await demo.close().catch(() => undefined);
  };
  return {
    backend,
    dataDir,
    keychain,
    events,
    opened,
    demos,
    call: (channel, input) =>
      (backend.handlers[channel] as (i: unknown, ctx: unknown) => Promise<never>)(input, { channel, sender: { url: 'test://', frameIsMain: true } }),
    close,
    cleanup: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The contract's defaults for inventory.query, with overrides. */
export function inventoryQuery(overrides: Partial<ChannelParsedInput<'inventory.query'>> = {}): ChannelParsedInput<'inventory.query'> {
  return { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 50 }, ...overrides };
}

/** Runs `fn` and returns the AppError kind it threw (or fails). */
export async function errorKindOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return (error as { kind?: string }).kind ?? `not an AppError: ${String(error)}`;
  }
  throw new Error('expected an error');
}

/**
 * Writes the sandbox's current stock into an account's cache as a committed full pass, through a
 * second connection (as the sync engine would): inventory tests do not depend on the sync engine.
 */
export function seedCache(dataDir: string, accountId: string, vehicles: readonly unknown[]): void {
  const cache = openCache(join(dataDir, 'accounts', accountId, 'cache.sqlite'));
  try {
    const pass = cache.passes.begin('full');
    pass.stage(vehicles);
    pass.commit();
  } finally {
    cache.close();
  }
}

/** A keychain as on a machine without a Secret Service: every call fails with keychain_unavailable. */
export const unavailableKeychain: Keychain = {
  get: async () => {
    throw codedError('keychain_unavailable', { code: 'keychain.unavailable' }, { operation: 'get' });
  },
  set: async () => {
    throw codedError('keychain_unavailable', { code: 'keychain.unavailable' }, { operation: 'set' });
  },
  delete: async () => {
    throw codedError('keychain_unavailable', { code: 'keychain.unavailable' }, { operation: 'delete' });
  },
};

/** Files under `dir` whose bytes contain `secret`. */
export function filesContaining(dir: string, secret: string): string[] {
  const needle = Buffer.from(secret);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(needle));
}
