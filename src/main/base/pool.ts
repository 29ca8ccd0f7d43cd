// Bounded parallelism for page requests: at most `limit` calls in flight. The first failure
// stops new calls and aborts the ones in flight (their requests are worthless once the pass is
// lost), and is the error the caller sees.
import type { AppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';

export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, signal: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  if (items.length === 0) return;
  const local = new AbortController();
  const onAbort = () => local.abort(signal.reason);
  if (signal.aborted) throw cancelled();
  signal.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && !local.signal.aborted && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item, local.signal);
      } catch (error) {
        // A cancellation caused by our own abort is a consequence, not the cause.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- another worker may have set it during the await
        if (failure === undefined) failure = { error };
        local.abort(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the caller may abort during the await (TS keeps the narrowing from the check above)
  if (signal.aborted) throw cancelled();
  if (failure !== undefined) throw failure.error;
}

export function cancelled(): AppError {
  return codedError('cancelled', { code: 'sync.cancelled' });
}

/** Throws the cancellation error when the signal has fired (between steps that do not listen to it). */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw cancelled();
}
