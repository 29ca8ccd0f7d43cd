// Small account-level facts that are not rows of their own: last sync time, portal totals.
import type { Db } from './db';

export type MetaStore = ReturnType<typeof createMetaStore>;

export const META_KEYS = {
  lastSyncAt: 'last_sync_at',
  portalTotalItems: 'portal_total_items',
  /** When the portal last refused the account's integration token; absent once a request succeeds with it. */
  tokenRefusedAt: 'token_refused_at',
} as const;

export function createMetaStore(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const del = db.prepare('DELETE FROM meta WHERE key = ?');
  return {
    get(key: string): string | null {
      return get.get(key)?.value ?? null;
    },
    set(key: string, value: string | null): void {
      if (value === null) del.run(key);
      else set.run(key, value);
    },
    /** The parsed value, null when absent: the caller checks its shape. */
    getJson(key: string): unknown {
      const value = get.get(key)?.value;
      return value === undefined ? null : JSON.parse(value);
    },
    setJson(key: string, value: unknown): void {
      set.run(key, JSON.stringify(value));
    },
  };
}
