// Locks that hold across processes (the app, a second window's worker, the command line), on
// proper-lockfile: an atomic mkdir beside the protected thing, kept fresh while held, taken over
// once it goes stale (its holder was killed). Each lock also names its holder in a small owner
// file, so the one who waits can say who holds it and can tell a dead holder from a busy one.
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import { PRIVATE_FILE_MODE, ensurePrivateDirSync } from '../base/private-files';

/** Who holds a lock: written by the holder, read by whoever finds it taken. */
export const lockOwnerSchema = z.object({
  pid: z.number().int(),
  host: z.string(),
  /** ISO time the holder took the lock. */
  since: z.string(),
  /** What holds it, in the dealer's words ("the command line", "the app"). */
  who: z.string(),
  /** The thread of the holder's process that took it (worker_threads' threadId; 0: the main thread). */
  thread: z.number().int().optional(),
});

export type LockOwner = z.infer<typeof lockOwnerSchema>;

/** How long a lock whose holder stopped refreshing it stays taken (proper-lockfile refreshes at half of it). */
export const STALE_MS = 10_000;
/** proper-lockfile's smallest stale threshold: used once the owner is known dead. */
const DEAD_OWNER_STALE_MS = 2_000;

const lockDir = (path: string) => `${path}.lock`;

/** The account's sync lock sits beside its cache file; null for an in-memory cache (some tests). */
export function syncLockPath(cacheFile: string): string | null {
  return cacheFile === '' || cacheFile === ':memory:' ? null : `${cacheFile}.sync`;
}

/** Someone holds the lock on `path` and keeps it fresh (a sync runs now). */
export function isHeld(path: string): boolean {
  try {
    return lockfile.checkSync(path, { realpath: false, lockfilePath: lockDir(path), stale: STALE_MS }) && !ownerIsDead(readOwner(path));
  } catch {
    return false;
  }
}
const ownerFile = (path: string) => `${path}.owner.json`;

/** A killed process stays a zombie until its parent (or init) reaps it: Linux says so in /proc. */
function zombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** True when `pid` runs on this machine (EPERM: it runs, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readOwner(path: string): LockOwner | null {
  try {
    const parsed = lockOwnerSchema.safeParse(JSON.parse(readFileSync(ownerFile(path), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The holder names itself just after taking the lock: give it a moment before calling it unknown. */
async function ownerOf(path: string): Promise<LockOwner | null> {
  for (let i = 0; i < 10; i++) {
    const owner = readOwner(path);
    if (owner !== null) return owner;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** The owner is known to be gone: a process of this machine that no longer runs. */
function ownerIsDead(owner: LockOwner | null): boolean {
  return owner !== null && owner.host === hostname() && !isProcessAlive(owner.pid);
}

export interface HeldLock {
  release(): Promise<void>;
}

export interface AcquireOptions {
  who: string;
  /** How long to keep trying while a live holder has it (0: answer at once). */
  waitMs?: number;
  /** The lock was lost while held (its refresh failed for longer than STALE_MS). */
  onCompromised?: (error: Error) => void;
}

/** Taken by someone else: who, if they said. */
export class LockBusyError extends Error {
  constructor(readonly owner: LockOwner | null) {
    super('locked');
    this.name = 'LockBusyError';
  }
}

const isLocked = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ELOCKED';

/**
 * Takes the lock on `path` (a file that need not exist) or throws LockBusyError. A lock whose
 * owner is a dead process of this machine is taken over within about two seconds; one whose
 * owner cannot be checked, once it goes stale.
 */
export async function acquireLock(path: string, options: AcquireOptions): Promise<HeldLock> {
  ensurePrivateDirSync(dirname(path));
  const base = { realpath: false, lockfilePath: lockDir(path), onCompromised: options.onCompromised ?? (() => undefined) };
  const waitMs = options.waitMs ?? 0;
  const retries = (ms: number) => ({ retries: Math.ceil(ms / 100), minTimeout: 100, maxTimeout: 100, factor: 1 });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, { ...base, stale: STALE_MS, retries: waitMs > 0 ? retries(waitMs) : 0 });
  } catch (error) {
    if (!isLocked(error)) throw error;
    const owner = await ownerOf(path);
    // Known alive: busy. Unknown (killed between taking the lock and naming itself): stale after
    // STALE_MS like any lock. Known dead: its lock stops being refreshed, stale after DEAD_OWNER_STALE_MS.
    if (owner !== null && !ownerIsDead(owner)) throw new LockBusyError(owner);
    const stale = owner === null ? STALE_MS : DEAD_OWNER_STALE_MS;
    try {
      release = await lockfile.lock(path, { ...base, stale, retries: retries(stale + 1_000) });
    } catch (retryError) {
      if (isLocked(retryError)) throw new LockBusyError(readOwner(path));
      throw retryError;
    }
  }
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), who: options.who, thread: threadId };
  // Renamed into place: a reader sees the previous owner or this one, never half a file.
  const temp = `${ownerFile(path)}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(owner), { mode: PRIVATE_FILE_MODE });
    renameSync(temp, ownerFile(path));
  } catch {
    // Naming the holder is a courtesy: the lock holds without it.
    rmSync(temp, { force: true });
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (readOwner(path)?.pid === owner.pid && readOwner(path)?.since === owner.since) rmSync(ownerFile(path), { force: true });
      await release().catch(() => undefined);
    },
  };
}

/**
 * Removes a lock that a thread of this process held when it stopped (a worker that crashed or was
 * terminated never released it, and its process is alive, so it would stay taken until stale).
 * Only when the owner file names this process and that thread. Returns whether it was removed.
 */
export function releaseLockOfThread(path: string, thread: number): boolean {
  const owner = readOwner(path);
  if (owner === null || owner.pid !== process.pid || owner.host !== hostname() || owner.thread !== thread) return false;
  rmSync(ownerFile(path), { force: true });
  rmSync(lockDir(path), { recursive: true, force: true });
  return true;
}

/** Runs `fn` while holding the lock on `path`, waiting up to `waitMs` for it. */
export async function withLock<T>(path: string, options: AcquireOptions, fn: () => Promise<T>): Promise<T> {
  const held = await acquireLock(path, options);
  try {
    return await fn();
  } finally {
    await held.release();
  }
}
