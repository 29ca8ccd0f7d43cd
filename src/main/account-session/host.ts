// Hosts an account session in worker threads (worker.ts) and gives the same AccountSession
// interface back, so the Electron app, the browser shell and the CLI use it as they would the
// session itself. The host answers the session worker's requests (the token from the keychain,
// HTTP through the host's fetch), writes its log lines, and relays its events.
// With `reader`, a second worker holds its own connection to the same database and answers the
// inventory's hot path (the list, facets, headline numbers): WAL lets it read the last committed
// state while the session's thread is busy, e.g. applying a sync pass of 100,000 listings.
// A worker that stops unexpectedly is started again: calls in flight fail with a clear error
// (session.restarted), a sync in flight ends as failed, its sync lock is released, and
// subscribers get a 'restarted' event; nothing is lost, since the outbox and every committed pass
// are in the database. Closing waits for each worker to close its connection, up to CLOSE_TIMEOUT_MS.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { PortalStatusView } from '../../shared/views';
import type { SyncRunReport } from '../sync';
import { releaseSyncLockOfThread } from '../sync/lock';
import { endedRun } from './run-record';
import type { AccountSession, AccountSessionSpec, SessionEvent, SessionHost, SessionListener, SyncStarted } from './types';
import {
  errorIn,
  errorOut,
  failureOut,
  READER_METHODS,
  type FromWorker,
  type ReaderMethod,
  type SessionMethod,
  type ToWorker,
  type WireResponse,
  type WorkerData,
} from './wire';

export const CLOSE_TIMEOUT_MS = 5_000;
/** Restarts allowed within RESTART_WINDOW_MS before a worker is given up on (one that dies at once, again and again). */
export const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/**
 * Where a file of the packaged app's archive really is: the worker is loaded by Node's module
 * loader, which cannot read inside app.asar, so it ships unpacked (build/packaging.ts ASAR_UNPACK).
 */
export function outsideArchive(url: URL): URL {
  return new URL(url.href.replace(/\/app\.asar\//, '/app.asar.unpacked/'));
}

/** The built worker beside the bundle (electron-vite, the CLI build), else the source through tsx (development, tests). */
export function workerEntry(base: string = import.meta.url): { file: URL; execArgv?: string[] } {
  for (const name of ['./account-session-worker.js', './account-session-worker.mjs']) {
    const built = outsideArchive(new URL(name, base));
    if (existsSync(fileURLToPath(built))) return { file: built };
  }
  const source = new URL('./worker.ts', base);
  const hasTsx = process.execArgv.some((arg, i, all) => /(^|[/\\])tsx([/\\]|$)/.test(arg) || (arg === '--import' && /tsx/.test(all[i + 1] ?? '')));
  return { file: source, execArgv: hasTsx ? [...process.execArgv] : [...process.execArgv, '--import', 'tsx'] };
}

const stopped = (reason: string) => codedError('internal', { code: 'session.restarted' }, { reason });
const closedError = () => new AppError('cancelled', 'The account was closed.');

export interface WorkerSessionOptions {
  /** Another worker entry (tests). */
  entry?: { file: URL; execArgv?: string[] };
  /** A reader thread for the inventory's hot path (the app: searches answer while a sync commits). Default false. */
  reader?: boolean;
}

type Role = WorkerData['role'];

/** One worker thread of the session: its calls in flight, its restarts. */
interface Slot {
  role: Role;
  worker: Worker | null;
  calls: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
  restarts: number[];
}

export interface HostedSession extends AccountSession {
  /** The session's worker (tests kill it); null once closed. */
  worker(role?: Role): Worker | null;
}

/** The session threads' young generation (V8 makes it three semi-spaces: 32 MB each, twice its default 16). */
export const YOUNG_GENERATION_MB = 96;

export async function openAccountSessionInWorker(spec: AccountSessionSpec, host: SessionHost, options: WorkerSessionOptions = {}): Promise<HostedSession> {
  const entry = options.entry ?? workerEntry();
  const listeners = new Set<SessionListener>();
  /** Sync runs started through this host whose end has not come yet, by id. */
  const runs = new Map<string, (run: SyncRunReport) => void>();
  /** Ends that came before their start's answer (the worker may send them in either order). */
  const ended = new Map<string, SyncRunReport>();
  const fetches = new Map<number, AbortController>();
  let status: PortalStatusView = { online: null, tokenRefusedAt: null };
  let closing: Promise<void> | null = null;
  let nextId = 1;
  const session: Slot = { role: 'session', worker: null, calls: new Map(), restarts: [] };
  const reader: Slot | null = options.reader ? { role: 'reader', worker: null, calls: new Map(), restarts: [] } : null;

  const emit = (event: SessionEvent) => {
    for (const listener of listeners) listener(event);
  };
  const answer = (message: ToWorker, transfer?: ArrayBuffer[]) => session.worker?.postMessage(message, transfer);

  function onMessage(slot: Slot, message: FromWorker): void {
    switch (message.t) {
      case 'result': {
        const call = slot.calls.get(message.id);
        slot.calls.delete(message.id);
        if (message.ok) call?.resolve(message.value);
        else call?.reject(errorIn(message.error));
        return;
      }
      case 'event':
        if (message.event.type === 'status') status = message.event.status;
        emit(message.event);
        return;
      case 'syncDone': {
        const resolve = runs.get(message.run.id);
        runs.delete(message.run.id);
        if (resolve) resolve(message.run);
        else ended.set(message.run.id, message.run);
        return;
      }
      case 'log':
        host.log[message.level](message.message, message.fields);
        return;
      case 'token':
        host.integrationToken().then(
          (value) => answer({ t: 'answer', id: message.id, ok: true, value }),
          (error: unknown) => answer({ t: 'answer', id: message.id, ok: false, error: errorOut(error) }),
        );
        return;
      case 'fetch':
        void relayFetch(message.id, message.request);
        return;
      case 'abortFetch':
        fetches.get(message.id)?.abort();
        return;
      case 'ready':
      case 'openFailed':
      case 'closed':
        return; // handled by start() and close()
    }
  }

  async function relayFetch(id: number, request: Extract<FromWorker, { t: 'fetch' }>['request']): Promise<void> {
    const controller = new AbortController();
    fetches.set(id, controller);
    try {
      const response = await (host.fetch ?? globalThis.fetch)(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: request.redirect,
        signal: controller.signal,
      });
      const body = await response.arrayBuffer();
      const value: WireResponse = { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
      answer({ t: 'answer', id, ok: true, value }, [body]);
    } catch (error) {
      // The worker's fetch rejects as fetch did here: the transport classifies the cause (offline, TLS…).
      answer({ t: 'fetchFailed', id, failure: failureOut(error) });
    } finally {
      fetches.delete(id);
    }
  }

  /** Starts the slot's worker and waits until it is open. */
  function start(slot: Slot): Promise<void> {
    const data: WorkerData = { role: slot.role, spec, hostFetch: host.fetch !== undefined };
    const w = new Worker(entry.file, {
      workerData: data,
      ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
      name: `showroom-${slot.role}-${spec.accountId}`,
      // A sync's pages and an export's rows are short-lived objects by the hundred thousand: a
      // young generation twice V8's default keeps them out of the old one (an XLSX of 100,000
      // listings about 15% faster, bench/export.ts), at the cost of up to 48 MB more while busy.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    slot.worker = w;
    // threadId reads -1 once the worker has exited: keep it for the lock it may leave behind.
    const thread = w.threadId;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      w.on('message', (message: FromWorker) => {
        if (message.t === 'ready') {
          opened = true;
          if (slot.role === 'session') status = message.status;
          resolve();
        } else if (message.t === 'openFailed') {
          reject(errorIn(message.error));
          void w.terminate();
        } else onMessage(slot, message);
      });
      w.on('error', (error) => {
        host.log.error('session: worker failed', { account: spec.accountId, role: slot.role, error: String(error) });
        if (!opened) reject(new AppError('internal', 'The account could not be opened.', { cause: String(error) }));
      });
      w.on('exit', (code) => {
        if (slot.worker !== w) return;
        slot.worker = null;
        if (!opened) {
          reject(new AppError('internal', 'The account could not be opened.', { exitCode: code }));
          return;
        }
        if (!closing) void crashed(slot, `exit code ${code}`, thread);
      });
    });
  }

  async function crashed(slot: Slot, reason: string, thread: number): Promise<void> {
    host.log.error('session: worker stopped unexpectedly', { account: spec.accountId, role: slot.role, reason });
    const error = stopped(reason);
    for (const [, call] of slot.calls) call.reject(error);
    slot.calls.clear();
    if (slot.role === 'session') {
      for (const [runId, resolve] of runs) resolve(endedRun(runId, error.toJSON()));
      runs.clear();
      for (const [, controller] of fetches) controller.abort();
      // Its sync lock would stay taken (this process lives on): the next sync could not start.
      if (releaseSyncLockOfThread(spec.paths.cacheFile, thread)) host.log.info('session: released the stopped worker’s sync lock', { account: spec.accountId });
    }
    const now = Date.now();
    while ((slot.restarts[0] ?? now) < now - RESTART_WINDOW_MS) slot.restarts.shift();
    if (slot.restarts.length >= MAX_RESTARTS) {
      host.log.error('session: worker keeps stopping; not restarting it', { account: spec.accountId, role: slot.role });
      return;
    }
    slot.restarts.push(now);
    try {
      await start(slot);
      if (!closing) emit({ type: 'restarted', reason });
    } catch (startError) {
      host.log.error('session: worker could not be restarted', { account: spec.accountId, role: slot.role, error: String(startError) });
    }
  }

  function call<T>(method: SessionMethod, ...args: unknown[]): Promise<T> {
    if (closing) return Promise.reject(closedError());
    // The hot path goes to the reader while it runs; everything else (and reads without one) to the session.
    const slot = reader?.worker && (READER_METHODS as readonly string[]).includes(method) ? reader : session;
    const w = slot.worker;
    if (!w) return Promise.reject(stopped('not running'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      slot.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      w.postMessage({ t: 'call', id, method, args } satisfies ToWorker);
    });
  }

  async function closeSlot(slot: Slot): Promise<void> {
    const w = slot.worker;
    if (w) {
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      const closed = new Promise<void>((resolve) => w.on('message', (m: FromWorker) => m.t === 'closed' && resolve()));
      w.postMessage({ t: 'close' } satisfies ToWorker);
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS).unref());
      if ((await Promise.race([closed, exited, timer])) === 'timeout')
        host.log.warn('session: the worker did not close in time; stopping it', { account: spec.accountId, role: slot.role });
      await w.terminate();
      await exited;
      slot.worker = null;
    }
    for (const [, c] of slot.calls) c.reject(closedError());
    slot.calls.clear();
  }

  await start(session);
  if (reader) {
    // Without its reader the session still answers everything, only not during a long commit.
    await start(reader).catch((error: unknown) =>
      host.log.warn('session: the reader thread did not start; the session answers searches', { account: spec.accountId, error: String(error) }),
    );
  }

  const read = (method: ReaderMethod) => (query?: unknown) => call<never>(method, ...(query === undefined ? [] : [query]));

  return {
    accountId: spec.accountId,
    photosDir: spec.paths.photosDir,
    worker: (role = 'session') => (role === 'session' ? session.worker : (reader?.worker ?? null)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    portalStatus: () => status,
    query: read('query'),
    facets: read('facets'),
    summary: read('summary'),
    vehicle: (reference, opts) => call('vehicle', reference, opts),
    requestPublication: (action, references) => call('requestPublication', action, references),
    publicationRoom: () => call('publicationRoom'),
    pendingChanges: () => call('pendingChanges'),
    discardChanges: (target) => call('discardChanges', target),
    async startSync(opts): Promise<SyncStarted> {
      const { runId } = await call<{ runId: string }>('startSync', opts);
      const early = ended.get(runId);
      ended.delete(runId);
      const done = early ? Promise.resolve(early) : new Promise<SyncRunReport>((resolve) => runs.set(runId, resolve));
      return { runId, done };
    },
    cancelSync: () => call('cancelSync'),
    syncStatus: () => call('syncStatus'),
    history: (limit) => call('history', limit),
    changes: (runId) => call('changes', runId),
    plan: (opts) => call('plan', opts),
    accountState: () => call('accountState'),
    photo: (id) => call('photo', id),
    photoUsage: () => call('photoUsage'),
    applySettings: (settings) => call('applySettings', settings),
    tokenReplaced: () => call('tokenReplaced'),
    identityNotice: () => call('identityNotice'),
    acknowledgeIdentityNotice: () => call('acknowledgeIdentityNotice'),
    clearStats: () => call('clearStats'),
    exportInventory: (opts) => call('exportInventory', opts),
    cancelExport: () => call('cancelExport'),
    close() {
      closing ??= (async () => {
        // The reader first: the session's thread then closes the database last, checkpointing the WAL.
        if (reader) await closeSlot(reader);
        await closeSlot(session);
        const cancelled = closedError().toJSON();
        for (const [runId, resolve] of runs) resolve(endedRun(runId, cancelled));
        runs.clear();
        listeners.clear();
      })();
      return closing;
    },
  };
}
