// A listing's price history (shared/price-history.ts): the prices syncs read (table price_history,
// cache schema 16) and the prices the dealer set (local.dealer_prices, local schema 7: only the
// dealer's disk knows them, so they are kept where a rebuilt cache cannot lose them).
import { DAY_MS, utcDay } from '../../shared/stock-age';
import type { PriceHistoryView, PriceOrigin, PriceSource } from '../../shared/price-history';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';

export type PriceHistoryStore = ReturnType<typeof createPriceHistoryStore>;

export function createPriceHistoryStore(db: Db, clock: Clock) {
  // The listings a pass wrote (all of them at a first sync) whose price is not the last one read.
  const recordSeen = db.prepare<{ run: number; at: string; all: number }>(
    `INSERT INTO price_history (reference, value, seen_at, run_id)
     SELECT v.reference, v.value, :at, :run FROM vehicles v
      WHERE v.last_seen_run = :run AND (:all = 1 OR v.changed_last_sync = 1) AND v.value IS NOT NULL
        AND v.value IS NOT (SELECT h.value FROM price_history h WHERE h.reference = v.reference ORDER BY h.id DESC LIMIT 1)
      ORDER BY v.id`,
  );
  const noteSince = db.prepare<{ run: number; day: number }>(
    'UPDATE vehicles SET price_since_day = :day WHERE reference IN (SELECT reference FROM price_history WHERE run_id = :run)',
  );
  const recordSet = db.prepare('INSERT INTO local.dealer_prices (reference, value, set_at, origin, change_id) VALUES (?, ?, ?, ?, ?)');
  const history = db.prepare<[string, string], { at: string; value: number; source: PriceSource; id: number }>(
    `SELECT seen_at AS at, value, 'portal' AS source, id FROM price_history WHERE reference = ?
     UNION ALL SELECT set_at AS at, value, origin AS source, id FROM local.dealer_prices WHERE reference = ?
     ORDER BY at, id`,
  );

  return {
    /** In a pass's commit: the price of each listing it wrote, when a sync never read it before or read another one last. */
    recordSeen(runId: number, firstSync: boolean): number {
      const recorded = recordSeen.run({ run: runId, at: isoNow(clock), all: firstSync ? 1 : 0 }).changes;
      if (recorded > 0) noteSince.run({ run: runId, day: utcDay(clock().getTime()) });
      return recorded;
    },
    /** A price the dealer set (an edit's value), with the change that carries it. */
    recordSet(reference: string, value: number, origin: PriceOrigin, changeId: number | null): void {
      recordSet.run(reference, value, isoNow(clock), origin, changeId);
    },
    historyOf(reference: string): PriceHistoryView {
      const entries = history.all(reference, reference).map(({ at, value, source }) => ({ at, value, source }));
      const seen = entries.filter((e) => e.source === 'portal');
      const last = seen[seen.length - 1];
      const daysAtCurrentPrice = last === undefined ? null : Math.max(0, Math.floor(clock().getTime() / DAY_MS) - Math.floor(Date.parse(last.at) / DAY_MS));
      return { reference, entries, daysAtCurrentPrice };
    },
  };
}
