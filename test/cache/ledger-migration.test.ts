// The outbox (local schema 3) and the vehicles' unpublish columns (cache schema 11) become the
// pending-change ledger (local schema 4, cache schema 13): an installation migrates with nothing
// lost. The old files are built as they shipped, with entries of every kind in every state, and
// each is found afterwards meaning what it meant.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateTo, openCache, type Cache } from '../../src/main/cache/index';
import { LOCAL_MIGRATIONS, localFileFor } from '../../src/main/cache/local';
import { rawDb, tempDir, type TempDir } from './helpers';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/** Listings as the cache held them: published, highlighted, and the row's own unpublish marks. */
const VEHICLES: Array<[string, number, number, string | null, string | null]> = [
  ['QUEUED', 1, 0, null, null],
  ['CUT-SHORT', 0, 0, null, null],
  ['ON-ITS-WAY-OFF', 1, 0, '2025-03-01T10:00:00.000Z', null],
  ['WENT-OFF', 0, 0, null, null],
  ['HL-SENT', 1, 0, null, null],
  ['NOT-APPLIED', 0, 0, null, null],
  ['UNHL-REFUSED', 1, 1, null, null],
  ['UNPUB-REFUSED', 1, 0, null, 'Vehicle is locked by a pending sale'],
  ['PUB-CONFIRMED', 1, 0, null, null],
  ['HL-REFUSED-THEN-DONE', 1, 1, null, null],
  ['ROW-ONLY-PENDING', 1, 0, '2025-03-01T09:00:00.000Z', null],
  ['ROW-ONLY-REFUSED', 1, 0, null, 'Em negociação'],
  ['REPUBLISHED', 1, 0, null, null],
];

/** Outbox entries: id, kind, reference, status, attempts, last error, last attempt, sending since, not applied at. */
const OUTBOX: Array<[number, string, string, string, number, string | null, string | null, string | null, string | null]> = [
  [1, 'unpublish', 'QUEUED', 'pending', 1, 'The portal could not be reached.', '2025-03-01T08:00:00.000Z', null, null],
  [2, 'publish', 'CUT-SHORT', 'pending', 0, null, null, '2025-03-01T08:30:00.000Z', null],
  [3, 'unpublish', 'ON-ITS-WAY-OFF', 'sent', 1, null, '2025-03-01T10:00:00.000Z', null, null],
  [4, 'unpublish', 'WENT-OFF', 'sent', 1, null, '2025-02-01T10:00:00.000Z', null, null],
  [5, 'highlight', 'HL-SENT', 'sent', 1, null, '2025-03-01T11:00:00.000Z', null, null],
  [6, 'publish', 'NOT-APPLIED', 'sent', 1, null, '2025-03-01T07:00:00.000Z', null, '2025-03-01T09:00:00.000Z'],
  [7, 'unhighlight', 'UNHL-REFUSED', 'failed', 1, 'No highlight to remove', '2025-03-01T07:00:00.000Z', null, null],
  [8, 'unpublish', 'UNPUB-REFUSED', 'failed', 1, 'Vehicle is locked by a pending sale', '2025-03-01T07:00:00.000Z', null, null],
  [9, 'publish', 'PUB-CONFIRMED', 'confirmed', 1, null, '2025-02-20T07:00:00.000Z', null, null],
  [10, 'highlight', 'HL-REFUSED-THEN-DONE', 'failed', 1, 'No highlights left', '2025-02-20T07:00:00.000Z', null, null],
  // Unpublished last month (the read cleared the row's mark, never the entry), published again since.
  [11, 'unpublish', 'REPUBLISHED', 'sent', 1, null, '2025-02-01T10:00:00.000Z', null, null],
];

function buildOldInstallation(file: string): void {
  const db = rawDb(file);
  db.prepare('ATTACH DATABASE ? AS local').run(localFileFor(file));
  // The local file's steps as they shipped, up to 3.
  for (const step of LOCAL_MIGRATIONS.filter((m) => m.version <= 3)) step.up(db);
  db.pragma('local.user_version = 3');
  migrateTo(db, 11);
  const vehicle = db.prepare('INSERT INTO vehicles (reference, published, highlighted, unpublish_pending, unpublish_error) VALUES (?, ?, ?, ?, ?)');
  for (const v of VEHICLES) vehicle.run(...v);
  const entry = db.prepare(
    `INSERT INTO local.outbox (id, kind, reference, created_at, status, attempts, last_error, last_attempt_at, sending_since, not_applied_at)
     VALUES (?, ?, ?, '2025-03-01T06:00:00.000Z', ?, ?, ?, ?, ?, ?)`,
  );
  for (const [id, kind, reference, ...rest] of OUTBOX) entry.run(id, kind, reference, ...rest);
  db.close();
}

const reasons = (cache: Cache): Record<string, string[]> =>
  Object.fromEntries(cache.queryVehicles({ window: { offset: 0, limit: 100 } }).rows.map((r) => [r.reference, r.attention]));
const portal = (cache: Cache): Record<string, string> =>
  Object.fromEntries(cache.queryVehicles({ window: { offset: 0, limit: 100 } }).rows.map((r) => [r.reference, r.portal]));

describe('the outbox and the unpublish columns become the pending-change ledger', () => {
  it('keeps every entry of every kind with its meaning, and the marks only the rows held', () => {
    buildOldInstallation(t.file());
    const cache = openCache(t.file(), { integrityCheck: false });
    try {
      const changes = new Map(cache.ledger.recent(100).map((c) => [c.reference, c]));
      const said = (message: string) => ({ code: 'ledger.said', params: { message } });
      expect(changes.get('QUEUED')).toMatchObject({ id: 1, kind: 'unpublish', status: 'pending', attempts: 1, closedAt: null });
      expect(changes.get('QUEUED')?.lastError).toEqual(said('The portal could not be reached.'));
      // A send cut short: its fate unknown, checked before it is sent again.
      expect(changes.get('CUT-SHORT')).toMatchObject({ id: 2, kind: 'publish', status: 'sending', sendingSince: '2025-03-01T08:30:00.000Z', closedAt: null });
      expect(changes.get('ON-ITS-WAY-OFF')).toMatchObject({ id: 3, status: 'sent', closedAt: null });
      // The row no longer said pending: a read had confirmed it.
      expect(changes.get('WENT-OFF')).toMatchObject({ id: 4, status: 'confirmed' });
      expect(changes.get('WENT-OFF')?.closedAt).not.toBeNull();
      expect(changes.get('HL-SENT')).toMatchObject({ id: 5, kind: 'highlight', status: 'sent', closedAt: null });
      expect(changes.get('NOT-APPLIED')).toMatchObject({ id: 6, status: 'not_applied', notAppliedAt: '2025-03-01T09:00:00.000Z', closedAt: null });
      expect(changes.get('UNHL-REFUSED')).toMatchObject({ id: 7, kind: 'unhighlight', status: 'refused', closedAt: null });
      expect(changes.get('UNHL-REFUSED')?.lastError).toEqual(said('No highlight to remove'));
      expect(changes.get('UNPUB-REFUSED')).toMatchObject({ id: 8, status: 'refused', closedAt: null });
      expect(changes.get('PUB-CONFIRMED')).toMatchObject({ id: 9, status: 'confirmed' });
      // Refused, but the listing shows it now: it stopped mattering, and says so still.
      expect(changes.get('HL-REFUSED-THEN-DONE')).toMatchObject({ id: 10, status: 'refused' });
      expect(changes.get('HL-REFUSED-THEN-DONE')?.closedAt).not.toBeNull();
      // What only the rows knew becomes an entry.
      expect(changes.get('ROW-ONLY-PENDING')).toMatchObject({ kind: 'unpublish', status: 'sent', createdAt: '2025-03-01T09:00:00.000Z', closedAt: null });
      expect(changes.get('ROW-ONLY-REFUSED')).toMatchObject({ kind: 'unpublish', status: 'refused', lastError: said('Em negociação'), closedAt: null });
      expect(changes.get('REPUBLISHED')).toMatchObject({ id: 11, status: 'confirmed' });
      expect(cache.ledger.recent(100)).toHaveLength(13);

      expect(cache.ledger.unsent().map((c) => c.id)).toEqual([1, 2]);
      expect(cache.ledger.awaitingConfirmation().sort()).toEqual(['HL-SENT', 'ON-ITS-WAY-OFF', 'ROW-ONLY-PENDING']);
      expect(portal(cache)).toMatchObject({
        'ON-ITS-WAY-OFF': 'pending',
        'ROW-ONLY-PENDING': 'pending',
        QUEUED: 'on',
        'WENT-OFF': 'off',
        'UNPUB-REFUSED': 'on',
        REPUBLISHED: 'on',
      });
      expect(reasons(cache)).toMatchObject({
        'UNPUB-REFUSED': ['unpublishRefused'],
        'ROW-ONLY-REFUSED': ['unpublishRefused'],
        'UNHL-REFUSED': ['highlightRefused'],
        'NOT-APPLIED': ['requestNotApplied'],
        'HL-REFUSED-THEN-DONE': [],
        'HL-SENT': [],
        QUEUED: [],
      });
    } finally {
      cache.close();
    }
  });
});
