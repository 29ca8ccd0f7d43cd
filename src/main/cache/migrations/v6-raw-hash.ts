// Schema 6, frozen: each listing keeps the hash of its JSON text, computed as the app computed it
// when schema 6 shipped (a copy of cache/extract.ts rawHash, which may change; this must not).
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/** SHA-1 of the JSON text, base64 (28 characters). */
export function jsonHash(raw: string): string {
  return createHash('sha1').update(raw).digest('base64');
}

export function up(db: Database.Database): void {
  // A sync tells an unchanged listing by this hash instead of reading its JSON back: a full sync
  // with nothing changed ran several times faster.
  db.exec('ALTER TABLE vehicles ADD COLUMN raw_hash TEXT');
  const write = db.prepare('UPDATE vehicles SET raw_hash = ? WHERE id = ?');
  const read = db.prepare<[number], { id: number; raw: string }>(
    'SELECT vehicle_id AS id, raw FROM vehicle_json WHERE vehicle_id > ? ORDER BY vehicle_id LIMIT 1000',
  );
  for (let after = 0, batch = read.all(after); batch.length > 0; batch = read.all(after)) {
    for (const row of batch) write.run(jsonHash(row.raw), row.id);
    after = batch[batch.length - 1]?.id ?? after;
  }
}
