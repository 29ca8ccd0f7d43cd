// Local schema 9: a batched change saved before it (a bulk repricing) counts every field it carries
// as the batch's, so taking the batch back still takes it back whole; an unbatched one has none.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LATEST_VERSION, migrateTo, openCache } from '../../src/main/cache/index';
import { LOCAL_MIGRATIONS, localFileFor } from '../../src/main/cache/local';
import { rawDb, tempDir, type TempDir } from './helpers';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

it("a batch's changes saved before local schema 9 are the batch's whole; others have no batch fields", () => {
  const db = rawDb(t.file());
  db.prepare('ATTACH DATABASE ? AS local').run(localFileFor(t.file()));
  // The two files' steps in the order an installation took them (cache schema 13 moves marks into the ledger of local schema 4).
  for (const step of LOCAL_MIGRATIONS.filter((m) => m.version <= 3)) step.up(db);
  migrateTo(db, 12);
  for (const step of LOCAL_MIGRATIONS.filter((m) => m.version > 3 && m.version <= 7)) step.up(db);
  db.pragma('local.user_version = 7');
  migrateTo(db, LATEST_VERSION);
  const insert = db.prepare(
    `INSERT INTO local.pending_changes (kind, reference, payload, base, slot, reason, created_at, batch) VALUES ('edit', ?, ?, '{}', 'edit', 'editRefused', '2026-01-01T00:00:00.000Z', ?)`,
  );
  insert.run('A', JSON.stringify({ value: 1000, amountPerInstallment: 0, amountOfInstallments: 0 }), 'b1');
  insert.run('B', JSON.stringify({ title: 'Own' }), null);
  db.close();

  const cache = openCache(t.file(), { integrityCheck: false });
  try {
    expect(cache.ledger.batch('b1').map((c) => c.batchFields)).toEqual([['value', 'amountPerInstallment', 'amountOfInstallments']]);
    expect(cache.ledger.of('B').map((c) => [c.batchFields, c.checks])).toEqual([[null, null]]);
    expect(cache.ledger.discardBatch('b1').map((c) => c.reference)).toEqual(['A']);
  } finally {
    cache.close();
  }
});
