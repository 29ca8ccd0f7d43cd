// Each migration: migrate to N-1, seed, migrate to N, compare (Signal Desktop style); plus the
// refusals a dealer may meet: a newer schema, a damaged file, a file that is not a database.
import { writeFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { LATEST_VERSION, MIGRATIONS, migrateTo, openCache } from '../../src/main/cache/index';
import { CACHE_SIZE_KIB, PAGE_SIZE } from '../../src/main/cache/db';
import { rawHash } from '../../src/main/cache/extract';
import { attachLocal } from '../../src/main/cache/local';
import { openTestCache, rawDb, tempDir, type TempDir, sqlOf } from './helpers';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

const version = (db: Database.Database) => db.pragma('user_version', { simple: true }) as number;
const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];

/**
 * Documents of every kind the tokenizer folds or splits (accents, case, ordinals, plates, other
 * scripts, combining marks, private use, numbers with punctuation), an updated listing and a
 * deleted one, written into the search index. Answers a reader of the index's (term, listing) pairs.
 */
function seedSearchDocuments(db: Database.Database): () => unknown[] {
  const documents = [
    'Fiat Uno Mille\nCâmera de RÉ e direção hidráulica\nREF-7\nABC-1D23 ABC1D23 ABC 1D23',
    '1ª dona, 2º dono; R$ 45.900,00 — Œuvre naïve façade ß straße',
    'Ｆｕｌｌ ｗｉｄｔｈ 東京 Москва e\u0301le\u0300ve \uE000private \u{1F697} carro',
    'Volkswagen Gol 1.0 MPI flex',
    'to be deleted',
  ];
  const insert = db.prepare('INSERT INTO vehicles_fts (rowid, doc) VALUES (?, ?)');
  documents.forEach((doc, i) => insert.run(i + 1, doc));
  db.prepare('DELETE FROM vehicles_fts WHERE rowid = 4').run();
  insert.run(4, 'Volkswagen Polo TSI');
  db.prepare('DELETE FROM vehicles_fts WHERE rowid = 5').run();
  db.exec("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, 'vehicles_fts', 'instance')");
  return () => db.prepare('SELECT term, doc FROM temp.terms ORDER BY term, doc').all();
}

describe('migrations', () => {
  it('are numbered 1..N without gaps, and the app knows the last one', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: MIGRATIONS.length }, (_, i) => i + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
  });

  it('1: creates vehicles, their JSON, the search index and meta', () => {
    const db = rawDb(t.file());
    migrateTo(db, 0);
    expect(tables(db)).toEqual([]);
    migrateTo(db, 1);
    expect(version(db)).toBe(1);
    expect(tables(db)).toEqual(expect.arrayContaining(['vehicles', 'vehicle_json', 'vehicles_fts', 'meta', 'vehicles_on_delete', 'vehicles_by_updated']));
    db.prepare("INSERT INTO vehicles (id, reference, published) VALUES (1, 'A', 1)").run();
    expect(db.prepare('SELECT published FROM vehicles').pluck().get()).toBe(1);
    db.close();
  });

  it('2: adds sync runs, staging and publication events, keeping vehicles', () => {
    const db = rawDb(t.file());
    migrateTo(db, 1);
    db.prepare("INSERT INTO vehicles (id, reference, title) VALUES (1, 'A', 'Gol')").run();
    db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (1, \'{"reference":"A"}\')').run();
    db.prepare("INSERT INTO meta (key, value) VALUES ('last_sync_at', 'x')").run();
    const before = db.prepare('SELECT * FROM vehicles').all();
    migrateTo(db, 2);
    expect(version(db)).toBe(2);
    expect(db.prepare('SELECT * FROM vehicles').all()).toEqual(before);
    expect(db.prepare('SELECT raw FROM vehicle_json').pluck().get()).toBe('{"reference":"A"}');
    expect(tables(db)).toEqual(expect.arrayContaining(['sync_runs', 'sync_staging', 'publication_events']));
    db.prepare("INSERT INTO sync_runs (kind, started_at) VALUES ('full', 'now')").run();
    expect(() => db.prepare("INSERT INTO sync_runs (kind, started_at) VALUES ('partial', 'now')").run()).toThrow(/CHECK/);
    db.close();
  });

  it('3: adds the photo cache and the outbox, keeping runs and events', () => {
    const db = rawDb(t.file());
    migrateTo(db, 2);
    db.prepare("INSERT INTO sync_runs (id, kind, started_at) VALUES (1, 'full', 'now')").run();
    db.prepare(
      "INSERT INTO publication_events (reference, at, from_published, from_highlighted, to_published, to_highlighted, cause, sync_run_id) VALUES ('A', 'now', 1, 0, 0, 0, 'dropped_by_portal', 1)",
    ).run();
    const before = db.prepare('SELECT * FROM publication_events').all();
    migrateTo(db, 3);
    expect(version(db)).toBe(3);
    expect(db.prepare('SELECT * FROM publication_events').all()).toEqual(before);
    expect(tables(db)).toEqual(expect.arrayContaining(['photos', 'outbox']));
    db.close();
  });

  it('4: drops the on-disk staging table (staging is TEMP now), keeping runs', () => {
    const db = rawDb(t.file());
    migrateTo(db, 3);
    db.prepare("INSERT INTO sync_runs (id, kind, started_at) VALUES (1, 'full', 'now')").run();
    db.prepare("INSERT INTO sync_staging (run_id, seq, raw) VALUES (1, 1, '{}')").run();
    const before = db.prepare('SELECT * FROM sync_runs').all();
    migrateTo(db, 4);
    expect(version(db)).toBe(4);
    expect(tables(db)).not.toContain('sync_staging');
    expect(db.prepare('SELECT * FROM sync_runs').all()).toEqual(before);
    db.close();
  });

  it('5: rebuilds the search index as one document a listing, from the stored JSON', () => {
    const db = rawDb(t.file());
    migrateTo(db, 4);
    const raw = JSON.stringify({
      reference: 'REF-7',
      title: 'Fiat Uno Mille',
      description: 'Câmera de ré e direção hidráulica',
      licensePlate: 'ABC-1D23',
      brand: { id: 1, name: 'Fiat' },
      trim: { id: 2, modelId: 3, name: 'Way 1.0' },
      accessories: [{ id: 1, name: 'Teto solar' }],
    });
    db.prepare("INSERT INTO vehicles (id, reference, title) VALUES (1, 'REF-7', 'Fiat Uno Mille')").run();
    db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (1, ?)').run(raw);
    db.prepare("INSERT INTO vehicles (id, reference) VALUES (2, 'BROKEN')").run();
    db.prepare("INSERT INTO vehicle_json (vehicle_id, raw) VALUES (2, '{not json')").run();
    // What the app's parser dropped then stays out: a brand without its vehicleType, a list with one bad item.
    db.prepare("INSERT INTO vehicles (id, reference) VALUES (3, 'ONIX')").run();
    db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (3, ?)').run(
      JSON.stringify({
        title: 'Chevrolet Onix',
        brand: { id: 1, name: 'Chevy' },
        accessories: [
          { id: 1, name: 'Alarme' },
          { id: 'x', name: 'Bancos' },
        ],
        otherInfos: [{ id: 2, name: 'Blindado' }],
      }),
    );
    const before = db.prepare('SELECT * FROM vehicles ORDER BY id').all();
    migrateTo(db, 5);
    expect(version(db)).toBe(5);
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('vehicles_fts')).toEqual(['doc']);
    expect(db.prepare('SELECT * FROM vehicles ORDER BY id').all()).toEqual(before);
    const match = (q: string) => db.prepare('SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?').pluck().all(q);
    for (const q of ['uno', 'camera', 'direcao', 'abc1d23', '"1d23"', 'fiat', 'way', 'teto', '"cam"*', 'ref']) expect(match(q), q).toEqual([1]);
    expect(match('mille AND solar')).toEqual([1]);
    expect(match('gol')).toEqual([]);
    expect([match('onix'), match('blindado'), match('chevy'), match('alarme'), match('bancos')]).toEqual([[3], [3], [], [], []]);
    // Without a reference, the listing is indexed under its stand-in key; JSON that does not parse, too.
    expect(match('"no" AND reference')).toEqual([2, 3]);
    // A listing still deletes with its search terms (the trigger of step 1 points at the new table).
    db.prepare('DELETE FROM vehicles WHERE id = 1').run();
    expect(match('uno')).toEqual([]);
    db.close();
  });

  it('6: each listing gets the hash of its stored JSON', () => {
    const db = rawDb(t.file());
    migrateTo(db, 5);
    const raws = ['{"reference":"A","title":"Gol"}', '{"reference":"B"}'];
    raws.forEach((raw, i) => {
      db.prepare('INSERT INTO vehicles (id, reference) VALUES (?, ?)').run(i + 1, i === 0 ? 'A' : 'B');
      db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (?, ?)').run(i + 1, raw);
    });
    migrateTo(db, 6);
    expect(version(db)).toBe(6);
    expect(db.prepare('SELECT raw_hash FROM vehicles ORDER BY id').pluck().all()).toEqual(raws.map(rawHash));
    expect(rawHash(raws[0] as string)).not.toBe(rawHash(raws[1] as string));
    db.close();
  });

  it('7: each sync run gets an empty list of data problems, keeping its record', () => {
    const db = rawDb(t.file());
    migrateTo(db, 6);
    db.prepare(
      "INSERT INTO sync_runs (id, kind, started_at, ended_at, outcome, counts) VALUES (1, 'full', '2025-01-01T00:00:00Z', '2025-01-01T00:01:00Z', 'ok', '{\"added\":3}')",
    ).run();
    migrateTo(db, 7);
    expect(version(db)).toBe(7);
    expect(db.prepare('SELECT id, outcome, counts, data_problems FROM sync_runs').all()).toEqual([
      { id: 1, outcome: 'ok', counts: '{"added":3}', data_problems: '[]' },
    ]);
    db.close();
  });

  it('8: moves the outbox into the local-only file, keeping every entry', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    db.prepare(
      "INSERT INTO outbox (id, kind, reference, created_at, attempts, last_error, status) VALUES (4, 'unpublish', 'A', 'then', 2, 'offline', 'pending'), (5, 'unpublish', 'B', 'then', 1, NULL, 'sent')",
    ).run();
    attachLocal(db, t.file(), false);
    migrateTo(db, 8);
    expect(version(db)).toBe(8);
    expect(tables(db)).not.toContain('outbox');
    // Into the local file's pending-change ledger (local schema 4), each with its meaning.
    expect(
      db
        .prepare(
          'SELECT id, kind, reference, created_at, attempts, error_code, error_params, last_attempt_at, status, sending_since FROM local.pending_changes ORDER BY id',
        )
        .all(),
    ).toEqual([
      {
        id: 4,
        kind: 'unpublish',
        reference: 'A',
        created_at: 'then',
        attempts: 2,
        error_code: 'ledger.said',
        error_params: '{"message":"offline"}',
        last_attempt_at: null,
        status: 'pending',
        sending_since: null,
      },
      {
        id: 5,
        kind: 'unpublish',
        reference: 'B',
        created_at: 'then',
        attempts: 1,
        error_code: null,
        error_params: null,
        last_attempt_at: null,
        status: 'sent',
        sending_since: null,
      },
    ]);
    db.close();
  });

  it('8 refuses to run without the local-only file attached (the outbox would be lost)', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    expect(() => migrateTo(db, 8)).toThrow(expect.objectContaining({ kind: 'internal', detail: { reason: expect.stringMatching(/local-only file/) } }));
    expect(version(db)).toBe(7);
    db.close();
  });

  it('9: adds the per-run list of changed listings, keeping runs; its rows go with their run; no listing is marked changed', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 8);
    db.prepare("INSERT INTO sync_runs (id, kind, started_at, ended_at, outcome, counts) VALUES (1, 'full', 'then', 'then', 'ok', '{\"changed\":1}')").run();
    db.prepare("INSERT INTO vehicles (id, reference, title) VALUES (1, 'A', 'Gol')").run();
    const before = db.prepare('SELECT * FROM sync_runs').all();
    migrateTo(db, 9);
    expect(db.prepare('SELECT reference, title, changed_last_sync FROM vehicles').all()).toEqual([{ reference: 'A', title: 'Gol', changed_last_sync: 0 }]);
    expect(version(db)).toBe(9);
    expect(db.prepare('SELECT * FROM sync_runs').all()).toEqual(before);
    db.prepare("INSERT INTO sync_changes (run_id, reference, kind, title, fields) VALUES (1, 'A', 'changed', 'Gol', '[]')").run();
    expect(() => db.prepare("INSERT INTO sync_changes (run_id, reference, kind) VALUES (1, 'B', 'renamed')").run()).toThrow(/CHECK/);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare("INSERT INTO sync_changes (run_id, reference, kind) VALUES (2, 'B', 'added')").run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM sync_runs WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM sync_changes').pluck().get()).toBe(0);
    db.close();
  });

  it('12: an untitled listing loses its "title missing" problem and is named by brand, trim and year; runs may record listings taken off elsewhere; listings without a link are due', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 11);
    const add = db.prepare(
      'INSERT INTO vehicles (id, reference, title, brand, trim, model_year, manufactured_year, has_problems, problem_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const json = db.prepare('INSERT INTO vehicle_json (vehicle_id, raw, problems) VALUES (?, ?, ?)');
    const missingTitle = { field: 'title', message: 'missing' };
    const badValue = { field: 'value', message: 'expected number' };
    add.run(1, 'A', null, 'Fiat', 'Drive 1.0', 2023, 2022, 1, 1);
    json.run(1, '{}', JSON.stringify([missingTitle]));
    add.run(2, 'B', null, 'Honda', null, null, 2019, 1, 2);
    json.run(2, '{}', JSON.stringify([missingTitle, badValue]));
    add.run(3, 'C', 'Gol 1.0 2015', 'Volkswagen', '1.0 MPI', 2015, 2015, 1, 1);
    json.run(3, '{}', JSON.stringify([{ field: 'title', message: 'expected string' }]));
    add.run(4, 'D', null, null, null, null, null, 0, 0);
    json.run(4, '{}', '[]');
    db.prepare("INSERT INTO sync_runs (id, kind, started_at) VALUES (1, 'full', 'then')").run();
    db.prepare("INSERT INTO sync_changes (run_id, reference, kind, title, fields) VALUES (1, 'A', 'dropped', NULL, '[]')").run();
    db.prepare("INSERT INTO vehicles (id, reference, title, updated_ms, url) VALUES (5, 'E', 'Onix', 1000, NULL), (6, 'F', 'Onix', 1000, 'https://p/f')").run();

    migrateTo(db, 12);
    expect(version(db)).toBe(12);
    expect(db.prepare('SELECT reference, title, has_problems, problem_count FROM vehicles ORDER BY id').all()).toEqual([
      { reference: 'A', title: 'Fiat Drive 1.0 2023', has_problems: 0, problem_count: 0 },
      { reference: 'B', title: 'Honda 2019', has_problems: 1, problem_count: 1 },
      { reference: 'C', title: 'Gol 1.0 2015', has_problems: 1, problem_count: 1 },
      { reference: 'D', title: null, has_problems: 0, problem_count: 0 },
      { reference: 'E', title: 'Onix', has_problems: 0, problem_count: 0 },
      { reference: 'F', title: 'Onix', has_problems: 0, problem_count: 0 },
    ]);
    // Without a link: read once more when it is due (45 minutes after its last change).
    expect(db.prepare('SELECT reference, link_due_ms FROM vehicles WHERE link_due_ms IS NOT NULL').all()).toEqual([{ reference: 'E', link_due_ms: 2_701_000 }]);
    expect(
      db
        .prepare('SELECT problems FROM vehicle_json ORDER BY vehicle_id')
        .pluck()
        .all()
        .map((p) => JSON.parse(p as string) as unknown),
    ).toEqual([[], [badValue], [{ field: 'title', message: 'expected string' }], []]);
    expect(db.prepare('SELECT run_id, reference, kind FROM sync_changes').all()).toEqual([{ run_id: 1, reference: 'A', kind: 'dropped' }]);
    db.prepare("INSERT INTO sync_changes (run_id, reference, kind) VALUES (1, 'B', 'offElsewhere')").run();
    expect(() => db.prepare("INSERT INTO sync_changes (run_id, reference, kind) VALUES (1, 'C', 'renamed')").run()).toThrow(/CHECK/);
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM sync_runs WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM sync_changes').pluck().get()).toBe(0);
    db.close();
  });

  it('14: each listing gets the day it is in stock since (a lower bound for what the first sync found) and its description length, losing nothing', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 13);
    const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
    const ms = (iso: string) => Date.parse(iso);
    // A failed run before the first that committed: the first sync is run 2.
    db.prepare(
      "INSERT INTO sync_runs (id, kind, started_at, outcome) VALUES (1, 'full', '2025-01-09T10:00:00.000Z', 'failed'), (2, 'full', '2025-01-10T23:30:00.000Z', 'ok'), (3, 'incremental', '2025-02-20T08:00:00.000Z', 'ok')",
    ).run();
    const add = db.prepare('INSERT INTO vehicles (id, reference, title, value, updated_ms, first_seen_run, last_seen_run) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const json = db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (?, ?)');
    // Updated before the first sync: counts from its update.
    add.run(1, 'A', 'Gol', 30_000, ms('2024-12-01T12:00:00.000Z'), 2, 3);
    json.run(1, JSON.stringify({ reference: 'A', description: 'Olá, ótimo carro' }));
    // Updated after the first sync started: counts from the sync.
    add.run(2, 'B', 'Onix', null, ms('2025-03-01T12:00:00.000Z'), 2, 3);
    json.run(2, 'not json');
    // First seen by a later sync: from that sync, whatever its dates, and no lower bound.
    add.run(3, 'C', 'Polo', 50_000, ms('2020-01-01T00:00:00.000Z'), 3, 3);
    json.run(3, JSON.stringify({ reference: 'C' }));
    // Written without a sync: from its update; and one with no date at all.
    add.run(4, 'D', 'Uno', 10_000, ms('2024-06-15T00:00:00.000Z'), null, null);
    json.run(4, JSON.stringify({ reference: 'D', description: 'x'.repeat(900) }));
    add.run(5, 'E', null, null, null, null, null);
    const before = db.prepare('SELECT * FROM vehicles ORDER BY id').all();
    const jsonBefore = db.prepare('SELECT * FROM vehicle_json ORDER BY vehicle_id').all();

    migrateTo(db, 14);
    expect(version(db)).toBe(14);
    const rows = db.prepare('SELECT * FROM vehicles ORDER BY id').all() as Array<Record<string, unknown>>;
    expect(rows.map(({ stock_since_day: _s, stock_at_least: _a, description_length: _d, ...rest }) => rest)).toEqual(before);
    expect(db.prepare('SELECT * FROM vehicle_json ORDER BY vehicle_id').all()).toEqual(jsonBefore);
    expect(rows.map((r) => [r.reference, r.stock_since_day, r.stock_at_least, r.description_length])).toEqual([
      ['A', day('2024-12-01'), 1, 16],
      ['B', day('2025-01-10'), 1, 0],
      ['C', day('2025-02-20'), 0, 0],
      ['D', day('2024-06-15'), 1, 900],
      ['E', null, 1, 0],
    ]);
    expect(tables(db)).toEqual(expect.arrayContaining(['vehicles_by_model', 'vehicles_stock_at_least']));
    db.close();
  });

  it.each([
    { step: 10, keeps: 'two-letter prefixes only', definition: /tokenize = "unicode61 remove_diacritics 2", prefix = '2'\s*\)$/ },
    { step: 11, keeps: 'no prefix entries', definition: /tokenize = "unicode61 remove_diacritics 2"\s*\)$/ },
  ])('$step: rebuilds the search index from itself with $keeps; every listing keeps exactly its terms', ({ step, definition }) => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, step - 1);
    const postings = seedSearchDocuments(db);
    const before = postings();
    expect(before.length).toBeGreaterThan(30);
    expect(before).toContainEqual({ term: 'camera', doc: 1 });
    expect(before).not.toContainEqual({ term: 'gol', doc: 4 });

    migrateTo(db, step);
    expect(version(db)).toBe(step);
    expect(postings()).toEqual(before);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'vehicles_fts'").pluck().get()).toMatch(definition);
    expect(db.prepare(`SELECT name FROM sqlite_temp_master WHERE name LIKE 'v${step}_%'`).pluck().all()).toEqual([]);
    // Prefix queries answer with the same listings, with or without prefix entries.
    const match = (q: string) => db.prepare('SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?').pluck().all(q);
    expect([match('"ca"*'), match('"cam"*'), match('polo'), match('gol'), match('deleted'), match('"мос"*')]).toEqual([[1, 3], [1], [4], [], [], [3]]);
    // Still contentless with deletes by rowid, and the trigger of step 1 still reaches it.
    db.prepare("INSERT INTO vehicles (id, reference) VALUES (1, 'REF-7')").run();
    db.prepare('DELETE FROM vehicles WHERE id = 1').run();
    expect(match('uno')).toEqual([]);
    db.close();
  });

  it('15: adds the catalogue mirror, empty, keeping the listings; a list state outside ok/missing/failed is refused', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 14);
    db.prepare("INSERT INTO vehicles (id, reference, title) VALUES (1, 'A', 'Gol')").run();
    const before = db.prepare('SELECT reference, title FROM vehicles').all();
    migrateTo(db, 15);
    expect(version(db)).toBe(15);
    expect(db.prepare('SELECT reference, title FROM vehicles').all()).toEqual(before);
    expect(db.prepare('SELECT count(*) FROM catalogue_lists').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM catalogue_items').pluck().get()).toBe(0);
    db.prepare("INSERT INTO catalogue_lists (list, parent, state) VALUES ('brands', 'C', 'ok')").run();
    expect(() => db.prepare("INSERT INTO catalogue_lists (list, parent, state) VALUES ('trims', '102', 'stale')").run()).toThrow(/CHECK/);
    db.close();
  });

  it('16: adds the price history, empty, and each listing’s day of its current price, unknown until a sync records one; the local file gets the dealer’s prices and departed listings', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 15);
    db.prepare("INSERT INTO vehicles (id, reference, title, value) VALUES (1, 'A', 'Gol', 40000)").run();
    const before = db.prepare('SELECT reference, title, value FROM vehicles').all();
    migrateTo(db, 16);
    expect(version(db)).toBe(16);
    expect(db.prepare('SELECT reference, title, value FROM vehicles').all()).toEqual(before);
    expect(db.prepare('SELECT price_since_day FROM vehicles').pluck().get()).toBeNull();
    expect(db.prepare('SELECT count(*) FROM price_history').pluck().get()).toBe(0);
    expect(() => db.prepare("INSERT INTO local.dealer_prices (reference, value, set_at, origin) VALUES ('A', 1, 'now', 'phone')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO local.departed_listings (reference, left_as, left_at, raw) VALUES ('A', 'stolen', 'now', '{}')").run()).toThrow(
      /CHECK/,
    );
    db.close();
  });

  it('17: each listing says whether it has installments, read once from its JSON (both parts above 0); unreadable JSON is none', () => {
    const db = rawDb(t.file());
    migrateTo(db, 7);
    attachLocal(db, t.file(), false);
    migrateTo(db, 16);
    const insert = db.prepare('INSERT INTO vehicles (id, reference, title) VALUES (?, ?, ?)');
    const json = db.prepare('INSERT INTO vehicle_json (vehicle_id, raw) VALUES (?, ?)');
    const stock: Array<[number, string, string]> = [
      [1, 'FIN', JSON.stringify({ amountOfInstallments: 48, amountPerInstallment: 1290 })],
      [2, 'ZERO', JSON.stringify({ amountOfInstallments: 0, amountPerInstallment: 1290 })],
      [3, 'HALF', JSON.stringify({ amountOfInstallments: 48 })],
      [4, 'NONE', JSON.stringify({})],
      [5, 'BROKEN', '{not json'],
    ];
    for (const [id, reference, raw] of stock) {
      insert.run(id, reference, reference);
      json.run(id, raw);
    }
    migrateTo(db, 17);
    expect(version(db)).toBe(17);
    expect(db.prepare('SELECT reference, financed FROM vehicles ORDER BY id').all()).toEqual([
      { reference: 'FIN', financed: 1 },
      { reference: 'ZERO', financed: 0 },
      { reference: 'HALF', financed: 0 },
      { reference: 'NONE', financed: 0 },
      { reference: 'BROKEN', financed: 0 },
    ]);
    db.close();
  });

  it('a failing step leaves the file at the previous version', () => {
    const db = rawDb(t.file());
    migrateTo(db, 1);
    db.exec('CREATE TABLE sync_runs (x)'); // makes step 2 fail half-way
    expect(() => migrateTo(db, 2)).toThrow();
    expect(version(db)).toBe(1);
    expect(tables(db)).not.toContain('publication_events');
    db.close();
  });
});

describe('opening the cache file', () => {
  it('uses WAL, foreign keys, NORMAL sync and a busy timeout', () => {
    const cache = openTestCache(t);
    expect(sqlOf(cache).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlOf(cache).pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlOf(cache).pragma('synchronous', { simple: true })).toBe(1);
    expect(sqlOf(cache).pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlOf(cache).pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(sqlOf(cache).pragma('page_size', { simple: true })).toBe(PAGE_SIZE);
    expect(sqlOf(cache).pragma('cache_size', { simple: true })).toBe(-CACHE_SIZE_KIB);
    cache.close();
  });

  it('reopens an up-to-date file without changes', () => {
    openTestCache(t).close();
    const again = openTestCache(t);
    expect(again.summary().total).toBe(0);
    again.close();
  });

  it('refuses a file written by a newer Showroom, saying so', () => {
    const db = rawDb(t.file());
    db.pragma(`user_version = ${LATEST_VERSION + 5}`);
    db.close();
    let error: unknown;
    try {
      openCache(t.file());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('database');
    expect((error as AppError).message).toBe(
      `This data was written by a newer version of Showroom (schema ${LATEST_VERSION + 5}, this version knows ${LATEST_VERSION}). Update Showroom to open it.`,
    );
    // and left it untouched
    expect(version(rawDb(t.file()))).toBe(LATEST_VERSION + 5);
  });

  it('says plainly when the file is not a database', () => {
    writeFileSync(t.file(), 'this is a text file, not SQLite '.repeat(200));
    expect(() => openCache(t.file())).toThrow(
      expect.objectContaining({ kind: 'database', message: expect.stringMatching(/damaged or is not a Showroom database/) }),
    );
  });

  it('says plainly when the file is damaged', () => {
    const cache = openTestCache(t);
    cache.close();
    const bytes = Buffer.alloc(8192 * 4, 0xa5);
    Buffer.from('SQLite format 3\0').copy(bytes, 0); // a header, then garbage
    writeFileSync(t.file(), bytes);
    expect(() => openCache(t.file())).toThrow(expect.objectContaining({ kind: 'database' }));
  });
});
