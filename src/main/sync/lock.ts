// One sync per account across processes: the app and the command line share the account's
// folder, and two syncs writing one cache would fight over SQLite's write lock (one of them
// failing with "database is locked") and send the outbox twice. The lock sits beside the cache file.
import type { AppError } from '../../shared/errors';
import { codedError, type MessageCode, type MessageRef } from '../../shared/i18n/messages';
import { acquireLock, LockBusyError, releaseLockOfThread, syncLockPath, type HeldLock, type LockOwner } from '../locks/file-lock';

/** Who runs syncs in this process, as the other process's message names it. */
export type SyncHolder = 'the app' | 'the command line' | 'another Showroom process';

const RUNNING_IN: Partial<Record<string, MessageCode>> & Record<SyncHolder, MessageCode> = {
  'the app': 'sync.runningInApp',
  'the command line': 'sync.runningInCli',
  'another Showroom process': 'sync.runningElsewhere',
};

export function syncRunningError(owner: LockOwner | null): AppError {
  const ref: MessageRef = owner
    ? { code: RUNNING_IN[owner.who] ?? 'sync.runningElsewhere', params: { since: owner.since, pid: owner.pid } }
    : { code: 'sync.runningSomewhere' };
  return codedError('busy', ref, { reason: 'sync_running', owner: owner ?? undefined });
}

/** Takes the account's sync lock, or throws AppError('busy') naming who holds it. */
export async function lockSync(cacheFile: string, who: SyncHolder, onLost?: () => void): Promise<HeldLock | null> {
  const path = syncLockPath(cacheFile);
  if (path === null) return null;
  try {
    return await acquireLock(path, { who, onCompromised: () => onLost?.() });
  } catch (error) {
    if (error instanceof LockBusyError) throw syncRunningError(error.owner);
    throw codedError('database', { code: 'sync.lockUnwritable' }, { file: path, cause: String(error) }, { cause: error });
  }
}

/** The account's sync lock, if the given thread of this process held it when it stopped (see releaseLockOfThread). */
export function releaseSyncLockOfThread(cacheFile: string, thread: number): boolean {
  const path = syncLockPath(cacheFile);
  return path !== null && releaseLockOfThread(path, thread);
}
