// The account's portal status — reachable or not, and whether it refused the integration token —
// in one store, fed only by the portal client's hooks: an answer (any HTTP status) says the portal
// is reachable, a success says the token is good, a failure says what the error policy makes of
// its kind. Everyone else (the sync's progress, the top bar, the CLI) subscribes or reads it.
// The refusal is kept in the account's cache, so the app and the command line see the same one.
import { marksOffline } from '../../shared/error-policy';
import { isAppError } from '../../shared/errors';
import type { PortalStatusView } from '../../shared/views';
import { META_KEYS, type MetaStore } from '../cache';
import type { ResponseEvent } from '../portal';

export interface PortalStatusStore {
  get(): PortalStatusView;
  /** Called on changes only. */
  subscribe(listener: (status: PortalStatusView) => void): () => void;
  /** The portal client's `onResponse`. */
  noteResponse(event: Pick<ResponseEvent, 'status'>): void;
  /** The portal client's `onError`. */
  noteError(error: unknown): void;
}

export function createPortalStatus(meta: Pick<MetaStore, 'get' | 'set'>, now: () => Date = () => new Date()): PortalStatusStore {
  let online: boolean | null = null;
  const listeners = new Set<(status: PortalStatusView) => void>();
  const read = (): PortalStatusView => ({ online, tokenRefusedAt: meta.get(META_KEYS.tokenRefusedAt) });
  let last = read();
  const changed = () => {
    const next = read();
    if (next.online === last.online && next.tokenRefusedAt === last.tokenRefusedAt) return;
    last = next;
    for (const listener of listeners) listener(next);
  };
  return {
    get: read,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    noteResponse({ status }) {
      if (status === 0) return; // no answer: the failure that follows says why
      online = true;
      if (status >= 200 && status < 300 && meta.get(META_KEYS.tokenRefusedAt) !== null) meta.set(META_KEYS.tokenRefusedAt, null);
      changed();
    },
    noteError(error) {
      if (!isAppError(error)) return;
      if (marksOffline(error.kind)) online = false;
      else if (error.kind === 'token_refused') meta.set(META_KEYS.tokenRefusedAt, now().toISOString());
      changed();
    },
  };
}
