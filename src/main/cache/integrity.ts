// When opening checks the files with SQLite's quick check: after a crash (a sync left unfinished
// while no process holds the sync lock) and otherwise once a day. Damage is then found at open,
// with the way to rebuild, rather than in the middle of a search or a sync's commit.
import { isHeld, syncLockPath } from '../locks/file-lock';
import type { Db } from './connection';

const CHECKED_AT = 'integrity.checked_at';
export const INTEGRITY_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

export function integrityCheckDue(db: Db, file: string, now: number): boolean {
  const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('meta', 'sync_runs')").pluck().get() as number;
  if (tables < 2) return false;
  const checkedAt = Date.parse((db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(CHECKED_AT) as string | undefined) ?? '');
  if (!Number.isFinite(checkedAt) || now - checkedAt >= INTEGRITY_CHECK_EVERY_MS || now < checkedAt) return true;
  const unfinished = db.prepare('SELECT 1 FROM sync_runs WHERE ended_at IS NULL LIMIT 1').get() !== undefined;
  const lock = syncLockPath(file);
  return unfinished && (lock === null || !isHeld(lock));
}

export function noteIntegrityChecked(db: Db, now: number): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(CHECKED_AT, new Date(now).toISOString());
}
