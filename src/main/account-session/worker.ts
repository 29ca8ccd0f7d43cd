// The account session's thread (worker_threads): the database, the portal client, the photo
// cache and the sync run here, so the thread that hosts the window and the transport never waits
// on them. It asks its host for the integration token (and, in Electron, for HTTP through the
// host's fetch), and sends its log lines and the session's events back.
import { parentPort, workerData } from 'node:worker_threads';
import type { Logger } from '../base/logger';
import { INDEX_STEP_MS, openCache, type Cache } from '../cache';
import { DEFAULT_SORT, DEFAULT_WINDOW } from '../../shared/inventory';
import { firstLetters, firstSearches, MAX_FIRST_SEARCHES } from './first-searches';
import { LETTER_MATCHES_KEPT } from '../cache/snapshot';
import { INDEX_QUIET_MS, indexTiming } from './index-timing';
import { inventoryReads, openAccountSession } from './session';
import type { AccountSession } from './types';
import {
  errorIn,
  errorOut,
  failureIn,
  plainFields,
  type FromWorker,
  type LogLevel,
  type SessionMethod,
  type ToWorker,
  type WireResponse,
  type WorkerData,
} from './wire';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread (see host.ts).');
const { spec, hostFetch, role } = workerData as WorkerData;

const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

function logger(scope: string | null): Logger {
  const line = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) =>
    post({ t: 'log', level, message: scope ? `${scope}: ${message}` : message, fields: plainFields(fields) });
  return {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: (child) => logger(child),
    // The host's logger redacts: the token is read through it, so it knows the secret already.
    addSecret: () => undefined,
  };
}

let nextId = 1;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
function ask<T>(message: (id: number) => FromWorker): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    post(message(id));
  });
}

/** fetch through the host's: the request crosses as data, the answer comes back whole. */
async function bridgedFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const id = nextId;
  const onAbort = () => post({ t: 'abortFetch', id });
  request.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const answer = await ask<WireResponse>((id) => ({
      t: 'fetch',
      id,
      request: { url: request.url, method: request.method, headers: [...request.headers], body, redirect: request.redirect },
    }));
    const nullBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    return new Response(nullBody ? null : answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  } finally {
    request.signal.removeEventListener('abort', onAbort);
  }
}

/** What this thread answers: the whole session, or (a reader) the inventory's hot path alone. */
type Target = Partial<Pick<AccountSession, SessionMethod>> & Pick<AccountSession, 'close'>;
let session: Target | null = null;

port.on('message', (message: ToWorker) => {
  switch (message.t) {
    case 'answer': {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.ok) entry?.resolve(message.value);
      else entry?.reject(errorIn(message.error));
      return;
    }
    case 'fetchFailed': {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      entry?.reject(failureIn(message.failure));
      return;
    }
    case 'call': {
      const { id, method, args } = message;
      const run = async () => {
        const call = session?.[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
        if (!call) throw new Error(`This ${role} thread does not answer ${method}.`);
        const value = await call(...args);
        if (method === 'startSync') {
          const started = value as Awaited<ReturnType<AccountSession['startSync']>>;
          void started.done.then((run) => post({ t: 'syncDone', run }));
          return { runId: started.runId };
        }
        return value;
      };
      void run()
        .then(
          (value) => post({ t: 'result', id, ok: true, value }),
          (error: unknown) => post({ t: 'result', id, ok: false, error: errorOut(error) }),
        )
        .finally(() => afterCall(method, args));
      return;
    }
    case 'close':
      void (session?.close() ?? Promise.resolve()).finally(() => post({ t: 'closed' }));
      return;
  }
});

/** What the thread does once a question is answered (a reader: reads the search index, again if the listings changed). */
let afterCall: (method: string, args: readonly unknown[]) => void = () => undefined;

let indexing = false;

/**
 * Reads the cache's in-memory search index (cache/search-index.ts), one step per turn of the event
 * loop, while nothing else is queued; searches run in FTS5 until it is read. Started after
 * questions, when index-timing.ts says: a question is also how the reader learns the listings
 * changed (another thread wrote), and the index is then read again.
 */
function indexSearch(cache: Cache): void {
  if (indexing) return;
  indexing = true;
  const step = () => {
    let more = false;
    try {
      more = cache.indexSearch(INDEX_STEP_MS);
    } catch {
      // A closed or damaged file: the next read says so; the search still runs in FTS5.
    }
    if (more) setImmediate(step);
    else indexing = false;
  };
  setImmediate(step);
}

/** Runs each step on its own turn of the event loop, after what is already queued; stops at the first failure. */
function warmUp(steps: readonly (() => unknown)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setImmediate(() => {
    try {
      step();
    } catch {
      return;
    }
    warmUp(rest);
  });
}

async function open(): Promise<{ target: Target; status: AccountSession['portalStatus'] | null; subscribe: AccountSession['subscribe'] | null }> {
  if (role === 'reader') {
    const cache = openCache(spec.paths.cacheFile);
    const reads = inventoryReads(cache);
    // The inventory's in-memory snapshot, the default order and the counts of the whole stock,
    // made as the account opens rather than by the window's first questions (each a noticeable
    // wait on a large stock, more from a cold disk; docs/measurements.md): the app opens its account before the
    // window exists, so its first rows and counts then wait for nothing. One step per turn of the
    // event loop, so a question arriving meanwhile waits for one step at most. A failure is said
    // by the first read that needs it. Then the search index saved beside the cache, when it is the
    // index of the listings as they are (a few tens of ms; its first step only loads that file);
    // reading it from FTS5 waits for the window (index-timing.ts). With the index loaded, a few
    // searches of the dealer's own words compile the search path, and the first letters of the
    // stock's brands are matched and kept (first-searches.ts).
    let searches: string[] = [];
    const search = (text: string | undefined) => {
      // A failure (a damaged file, a cache closing) is said by the dealer's own search, not here.
      if (text !== undefined) reads.query({ text, sort: DEFAULT_SORT, window: DEFAULT_WINDOW }).catch(() => undefined);
    };
    warmUp([
      () => cache.summary(),
      () => {
        searches = firstSearches(cache.queryVehicles({ sort: DEFAULT_SORT, window: { offset: 0, limit: 1 } }).rows[0]);
      },
      () => {
        searches.push(...firstLetters(cache.facetCounts({}).brand));
      },
      () => {
        if (cache.indexSearch(INDEX_STEP_MS)) searches = [];
      },
      ...Array.from({ length: MAX_FIRST_SEARCHES + LETTER_MATCHES_KEPT }, (_, i) => () => search(searches[i])),
    ]);
    let quiet: NodeJS.Timeout | undefined;
    afterCall = (method, args) => {
      clearTimeout(quiet);
      if (indexTiming(method, args) === 'now') indexSearch(cache);
      else quiet = setTimeout(() => indexSearch(cache), INDEX_QUIET_MS).unref();
    };
    return { target: { ...reads, close: async () => cache.close() }, status: null, subscribe: null };
  }
  const opened = await openAccountSession(spec, {
    integrationToken: () => ask<string>((id) => ({ t: 'token', id })),
    fetch: hostFetch ? bridgedFetch : undefined,
    log: logger(null),
  });
  return { target: opened, status: () => opened.portalStatus(), subscribe: (listener) => opened.subscribe(listener) };
}

open().then(
  ({ target, status, subscribe }) => {
    session = target;
    subscribe?.((event) => post({ t: 'event', event }));
    post({ t: 'ready', status: status?.() ?? { online: null, tokenRefusedAt: null } });
  },
  (error: unknown) => post({ t: 'openFailed', error: errorOut(error) }),
);
