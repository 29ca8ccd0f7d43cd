// Hosts an account session in a worker thread (worker.ts) and gives the same AccountSession
// interface back, so the Electron app, the browser shell and the CLI use it as they would the
// session itself. The host answers the worker's requests (the token from the keychain, HTTP
// through the host's fetch), writes its log lines, and relays its events.
// A worker that stops unexpectedly is started again: calls in flight fail with a clear error, a
// sync in flight ends as failed, and subscribers get a 'restarted' event; nothing is lost, since
// the outbox and every committed pass are in the database. Closing waits for the worker to close
// the database, up to CLOSE_TIMEOUT_MS.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, type AppErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { PortalStatusView } from '../../shared/views';
import type { SyncRunReport } from '../sync';
import { releaseSyncLockOfThread } from '../sync/lock';
import type { AccountSession, AccountSessionSpec, SessionEvent, SessionHost, SessionListener, SyncStarted } from './types';
import { errorIn, errorOut, failureOut, type FromWorker, type SessionMethod, type ToWorker, type WireResponse, type WorkerData } from './wire';

export const CLOSE_TIMEOUT_MS = 5_000;
/** Restarts allowed within RESTART_WINDOW_MS before the session gives up (a worker that dies at once, again and again). */
export const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/** The built worker beside the bundle (electron-vite, the CLI build), else the source through tsx (development, tests). */
export function workerEntry(base: string = import.meta.url): { file: URL; execArgv?: string[] } {
  for (const name of ['./account-session-worker.js', './account-session-worker.mjs']) {
    const built = new URL(name, base);
    if (existsSync(fileURLToPath(built))) return { file: built };
  }
  const source = new URL('./worker.ts', base);
  const hasTsx = process.execArgv.some((arg, i, all) => /(^|[/\\])tsx([/\\]|$)/.test(arg) || (arg === '--import' && /tsx/.test(all[i + 1] ?? '')));
  return { file: source, execArgv: hasTsx ? [...process.execArgv] : [...process.execArgv, '--import', 'tsx'] };
}

const stopped = (reason: string) => codedError('internal', { code: 'session.restarted' }, { reason });

function failedRun(runId: string, error: AppErrorShape): SyncRunReport {
  const now = new Date().toISOString();
  return { id: runId, kind: 'full', startedAt: now, endedAt: now, outcome: 'failed', counts: { added: 0, changed: 0, removed: 0, droppedByPortal: 0, failed: 0, unpublishSent: 0 }, error, dataProblems: [], details: {}, notes: [] };
}

export interface WorkerSessionOptions {
  /** Test hook: the worker's `resourceLimits`, or another entry. */
  entry?: { file: URL; execArgv?: string[] };
}

export async function openAccountSessionInWorker(spec: AccountSessionSpec, host: SessionHost, options: WorkerSessionOptions = {}): Promise<AccountSession & { worker(): Worker | null }> {
  const entry = options.entry ?? workerEntry();
  const listeners = new Set<SessionListener>();
  const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  /** Sync runs started through this host whose end has not come yet, by id. */
  const runs = new Map<string, (run: SyncRunReport) => void>();
  /** Ends that came before their start's answer (the worker may send them in either order). */
  const ended = new Map<string, SyncRunReport>();
  const fetches = new Map<number, AbortController>();
  let status: PortalStatusView = { online: null, tokenRefusedAt: null };
  let worker: Worker | null = null;
  let closing: Promise<void> | null = null;
  let nextId = 1;
  const restarts: number[] = [];

  const emit = (event: SessionEvent) => {
    for (const listener of listeners) listener(event);
  };
  const send = (message: ToWorker) => worker?.postMessage(message);

  function onMessage(message: FromWorker): void {
    switch (message.t) {
      case 'result': {
        const call = calls.get(message.id);
        calls.delete(message.id);
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
          (value) => send({ t: 'answer', id: message.id, ok: true, value }),
          (error: unknown) => send({ t: 'answer', id: message.id, ok: false, error: errorOut(error) }),
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
      const response = await (host.fetch ?? globalThis.fetch)(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: request.redirect, signal: controller.signal });
      const body = await response.arrayBuffer();
      const value: WireResponse = { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
      worker?.postMessage({ t: 'answer', id, ok: true, value } satisfies ToWorker, [body]);
    } catch (error) {
      // The worker's fetch rejects as fetch did here: the transport classifies the cause (offline, TLS…).
      send({ t: 'fetchFailed', id, failure: failureOut(error) });
    } finally {
      fetches.delete(id);
    }
  }

  /** Starts a worker and waits until its session is open. */
  function start(): Promise<void> {
    const data: WorkerData = { spec, hostFetch: host.fetch !== undefined };
    const w = new Worker(entry.file, { workerData: data, ...(entry.execArgv ? { execArgv: entry.execArgv } : {}), name: `showroom-session-${spec.accountId}` });
    worker = w;
    // threadId reads -1 once the worker has exited: keep it for the lock it may leave behind.
    const thread = w.threadId;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      w.on('message', (message: FromWorker) => {
        if (message.t === 'ready') {
          opened = true;
          status = message.status;
          resolve();
        } else if (message.t === 'openFailed') {
          reject(errorIn(message.error));
          void w.terminate();
        } else onMessage(message);
      });
      w.on('error', (error) => {
        host.log.error('session: worker failed', { account: spec.accountId, error: String(error) });
        if (!opened) reject(new AppError('internal', 'The account could not be opened.', { cause: String(error) }));
      });
      w.on('exit', (code) => {
        if (worker !== w) return;
        worker = null;
        if (!opened) {
          reject(new AppError('internal', 'The account could not be opened.', { exitCode: code }));
          return;
        }
        if (closing) return;
        void crashed(`exit code ${code}`, thread);
      });
    });
  }

  async function crashed(reason: string, thread: number): Promise<void> {
    host.log.error('session: worker stopped unexpectedly', { account: spec.accountId, reason });
    // Its sync lock would stay taken (this process lives on): the next sync could not start.
    if (releaseSyncLockOfThread(spec.paths.cacheFile, thread)) host.log.info('session: released the stopped worker’s sync lock', { account: spec.accountId });
    const error = stopped(reason);
    for (const [, call] of calls) call.reject(error);
    calls.clear();
    for (const [runId, resolve] of runs) resolve(failedRun(runId, error.toJSON()));
    runs.clear();
    for (const [, controller] of fetches) controller.abort();
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      host.log.error('session: worker keeps stopping; not restarting it', { account: spec.accountId });
      return;
    }
    restarts.push(now);
    try {
      await start();
      emit({ type: 'restarted', reason });
    } catch (startError) {
      host.log.error('session: worker could not be restarted', { account: spec.accountId, error: String(startError) });
    }
  }

  function call<T>(method: SessionMethod, ...args: unknown[]): Promise<T> {
    if (closing) return Promise.reject(new AppError('cancelled', 'The account was closed.'));
    if (!worker) return Promise.reject(stopped('not running'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      send({ t: 'call', id, method, args });
    });
  }

  await start();

  return {
    accountId: spec.accountId,
    photosDir: spec.paths.photosDir,
    worker: () => worker,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    portalStatus: () => status,
    query: (query) => call('query', query),
    facets: (query) => call('facets', query),
    summary: () => call('summary'),
    vehicle: (reference, opts) => call('vehicle', reference, opts),
    unpublish: (references) => call('unpublish', references),
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
    close() {
      closing ??= (async () => {
        const w = worker;
        if (!w) return;
        const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
        const closed = new Promise<void>((resolve) => w.on('message', (m: FromWorker) => m.t === 'closed' && resolve()));
        w.postMessage({ t: 'close' } satisfies ToWorker);
        const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS).unref());
        if ((await Promise.race([closed, exited, timer])) === 'timeout') host.log.warn('session: the worker did not close in time; stopping it', { account: spec.accountId });
        await w.terminate();
        await exited;
        worker = null;
        const cancelled = new AppError('cancelled', 'The account was closed.');
        for (const [, c] of calls) c.reject(cancelled);
        calls.clear();
        for (const [runId, resolve] of runs) resolve({ ...failedRun(runId, cancelled.toJSON()), outcome: 'cancelled' });
        runs.clear();
        listeners.clear();
      })();
      return closing;
    },
  };
}
