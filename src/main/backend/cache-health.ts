// Whether the active account's local copy was found damaged: by any handler's failure or a sync's.
// The renderer asks (cache.health) and shows its rebuild banner; a rebuild clears it.
import { DAMAGED_REASON } from '../../shared/errors';
import { errorKind, type BackendContext } from './context';

/** A "the local copy is damaged" error (cache/db.ts), whoever threw it. */
export function isDamagedCacheError(error: unknown): boolean {
  if (errorKind(error) !== 'database' || error === null || typeof error !== 'object' || !('detail' in error)) return false;
  const detail = error.detail;
  return detail !== null && typeof detail === 'object' && 'reason' in detail && detail.reason === DAMAGED_REASON;
}

/** Accounts whose local copy was found damaged since the app started (until rebuilt). */
const byContext = new WeakMap<BackendContext, Set<string>>();
export function damagedAccounts(ctx: BackendContext): Set<string> {
  let set = byContext.get(ctx);
  if (!set) byContext.set(ctx, (set = new Set()));
  return set;
}

/** Called with every handler's failure: damage found anywhere turns the banner on. */
export function noteCacheError(ctx: BackendContext, error: unknown): void {
  const accountId = ctx.state.get().activeAccountId;
  if (accountId === null || !isDamagedCacheError(error)) return;
  const set = damagedAccounts(ctx);
  if (set.has(accountId)) return;
  set.add(accountId);
  ctx.log.error('backend: the local cache is damaged', { account: accountId });
  ctx.deps.emit('cache.changed', { reason: 'damaged' });
}
