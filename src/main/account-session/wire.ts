// The messages between the account session's worker and its host (host.ts, worker.ts): calls and
// their results, the session's events, the worker's log lines, and what the worker asks of the
// host (the integration token; HTTP through the host's fetch). Errors cross as their tagged shape.
import { fromErrorShape, toErrorShape, type AppErrorShape } from '../../shared/errors';
import type { PortalStatusView } from '../../shared/views';
import type { SyncRunReport } from '../sync';
import type { AccountSession, AccountSessionSpec, SessionEvent } from './types';

/** The session's methods that cross as calls (everything but the local ones). */
export type SessionMethod = Exclude<keyof AccountSession, 'accountId' | 'photosDir' | 'subscribe' | 'portalStatus' | 'close'>;

/**
 * Every call the host forwards to the worker, once: the host's proxy is derived from this list (as
 * VS Code's ProxyChannel derives a proxy from a service). A method added to AccountSession and not
 * here fails the typecheck below; `startSync` is forwarded too, and its end relayed (host.ts).
 */
export const SESSION_METHODS = [
  'query',
  'facets',
  'summary',
  'insights',
  'suggestSearch',
  'vehicle',
  'requestPublication',
  'publicationRoom',
  'pendingChanges',
  'discardChanges',
  'editListing',
  'markSold',
  'priceHistory',
  'departedListings',
  'sendPhotosAgain',
  'photosAgainCandidates',
  'resolveEdit',
  'previewReprice',
  'confirmReprice',
  'repriceBatch',
  'discardReprice',
  'createListing',
  'newListings',
  'startSync',
  'cancelSync',
  'syncStatus',
  'history',
  'changes',
  'plan',
  'catalogue',
  'refreshCatalogue',
  'accountState',
  'photo',
  'photoUsage',
  'applySettings',
  'tokenReplaced',
  'identityNotice',
  'acknowledgeIdentityNotice',
  'clearStats',
  'exportInventory',
  'exportSold',
  'cancelExport',
] as const satisfies readonly SessionMethod[];

type Never<T extends never> = T;
/** Fails to compile while a method of AccountSession that crosses as a call is missing from SESSION_METHODS. */
export type EveryMethodListed = Never<Exclude<SessionMethod, (typeof SESSION_METHODS)[number]>>;

/** The calls a reader thread answers: the inventory's hot path, from its own connection (WAL: the last committed state). */
export const READER_METHODS = ['query', 'facets', 'summary', 'insights', 'suggestSearch'] as const satisfies readonly SessionMethod[];
export type ReaderMethod = (typeof READER_METHODS)[number];

export interface WorkerData {
  /** 'session': the account session itself; 'reader': a second connection that answers READER_METHODS only. */
  role: 'session' | 'reader';
  spec: AccountSessionSpec;
  /** HTTP goes through the host's fetch (Electron's net.fetch) rather than the worker's own. */
  hostFetch: boolean;
}

export interface WireRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
  redirect: Request['redirect'];
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
}

/** A failed fetch as it crosses: its cause chain (name, message, code), outermost first, for the transport to classify. */
export type WireFailure = Array<{ name: string; message: string; code?: string }>;

export type ToWorker =
  | { t: 'call'; id: number; method: SessionMethod; args: unknown[] }
  | { t: 'fetchFailed'; id: number; failure: WireFailure }
  | { t: 'answer'; id: number; ok: true; value: unknown }
  | { t: 'answer'; id: number; ok: false; error: AppErrorShape }
  | { t: 'close' };

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type FromWorker =
  | { t: 'ready'; status: PortalStatusView }
  | { t: 'openFailed'; error: AppErrorShape }
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: AppErrorShape }
  | { t: 'event'; event: SessionEvent }
  | { t: 'syncDone'; run: SyncRunReport }
  | { t: 'log'; level: LogLevel; message: string; fields?: Record<string, unknown> }
  | { t: 'token'; id: number }
  | { t: 'fetch'; id: number; request: WireRequest }
  | { t: 'abortFetch'; id: number }
  | { t: 'closed' };

/** An error as it crosses: the tagged shape (code, params and detail kept). */
export const errorOut = (error: unknown): AppErrorShape => toErrorShape(error);

/** The error back as an AppError on the other side. */
export const errorIn = fromErrorShape;

/** Log fields as plain data (an Error or a function would not survive the crossing). */
export function plainFields(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (fields === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
  } catch {
    return { fields: 'not serialisable' };
  }
}

export function failureOut(error: unknown): WireFailure {
  const chain: WireFailure = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    const e = current as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    chain.push({
      name: typeof e.name === 'string' ? e.name : 'Error',
      message: typeof e.message === 'string' ? e.message : typeof current === 'string' ? current : 'fetch failed',
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
    });
    current = typeof current === 'object' ? e.cause : undefined;
  }
  return chain;
}

/** The failure back as an Error chain like the one fetch threw (codes kept on each link). */
export function failureIn(failure: WireFailure): Error {
  let cause: Error | undefined;
  for (const link of [...failure].reverse()) {
    const error = new Error(link.message, cause === undefined ? undefined : { cause });
    error.name = link.name;
    if (link.code !== undefined) Object.assign(error, { code: link.code });
    cause = error;
  }
  return cause ?? new TypeError('fetch failed');
}
