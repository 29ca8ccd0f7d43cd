// Test helpers: a fresh cache file in a temp folder, vehicles the way the portal sends them, and damage.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGE_SIZE } from '../../src/main/cache/db';
import { openCache, receiveVehicle, type Cache, type Clock, type PendingChange } from '../../src/main/cache/index';
import { createChanges } from '../../src/main/changes/ledger';
import { connectionForTests } from '../../src/main/cache/testing';
import { whereClause } from '../../src/main/cache/filters';
import type { InventoryQuery } from '../../src/shared/inventory';

export interface TempDir {
  dir: string;
  file: (name?: string) => string;
  cleanup: () => void;
}

export function tempDir(): TempDir {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-cache-'));
  return { dir, file: (name = 'account.db') => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A clock tests move by hand. */
export function manualClock(start = '2025-03-01T12:00:00.000Z'): Clock & { advance(ms: number): void } {
  let now = Date.parse(start);
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export function openTestCache(t: TempDir, clock: Clock = manualClock()): Cache {
  return openCache(t.file(), { clock });
}

export type RawVehicle = Record<string, unknown>;

let counter = 0;

/** A complete, valid vehicle as the portal sends it; override any field. */
export function portalVehicle(overrides: RawVehicle = {}): RawVehicle {
  counter++;
  const reference = (overrides.reference as string | undefined) ?? `REF-${counter}`;
  return {
    reference,
    title: 'Volkswagen Gol 1.0 Flex',
    description: 'Único dono, revisões em dia.',
    fuel: 'FLEX',
    gearbox: 'MANUAL',
    color: 'SILVER',
    type: 'C',
    licensePlate: 'ABC-1D23',
    document: '123',
    mileage: 45000,
    brandNew: false,
    doors: 4,
    manufacturedYear: 2019,
    modelYear: 2020,
    updatedAt: '2025-02-01T10:00:00.000Z',
    value: 52900,
    amountPerInstallment: 1500,
    amountOfInstallments: 48,
    deposit: 10000,
    accessories: [
      { id: 1, name: 'Ar-condicionado' },
      { id: 2, name: 'Direção hidráulica' },
    ],
    active: true,
    trim: { id: 10, name: '1.0 MPI Trendline', modelId: 100 },
    brand: { id: 1, name: 'Volkswagen', vehicleType: 'C' },
    pictures: [
      { originalUrl: `https://dealer.example/${reference}/1.jpg`, order: 1, source: `https://cdn.portal.example/${reference}/1.jpg` },
      { originalUrl: `https://dealer.example/${reference}/2.jpg`, order: 2, source: `https://cdn.portal.example/${reference}/2.jpg` },
    ],
    publication: { highlighted: false },
    otherInfos: [{ id: 7, name: 'IPVA pago' }],
    url: `https://portal.example/anuncio/${reference}`,
    ...overrides,
  };
}

export function upsert(cache: Cache, items: readonly unknown[], runId?: number) {
  return cache.vehicles.upsertMany(
    items.map((i) => receiveVehicle(i)),
    { runId: runId ?? null },
  );
}

/** Opens the raw file without the app's migrations, for tests that look under the hood. */
export function rawDb(file: string): Database.Database {
  return new Database(file);
}

export function references(rows: readonly { reference: string }[]): string[] {
  return rows.map((r) => r.reference);
}

/** Overwrites the whole page that holds `table`'s rows with garbage, as a failing disk would. */
export function damageTable(file: string, table: string): void {
  const db = new Database(file);
  const root = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').pluck().get(table) as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(PAGE_SIZE, 0x5a), 0, PAGE_SIZE, (root - 1) * PAGE_SIZE);
  closeSync(fd);
}

/**
 * The open cache's own connection, for tests that must see what only it sees (its TEMP staging
 * table, its pragmas, raw writes the in-memory snapshot must notice). The app has no such access.
 */
/** How many listings the naive SQL finds for a query's text and filters (filters.ts): the reference the in-memory reads are checked against. */
export function sqlCount(cache: Cache, q: Pick<InventoryQuery, 'text' | 'filters'>): number {
  const where = whereClause(q);
  return (
    sqlOf(cache)
      .prepare(`SELECT count(*) AS n FROM vehicles v ${where.sql}`)
      .get(...where.params) as { n: number }
  ).n;
}

export function sqlOf(cache: Cache): Database.Database {
  return connectionForTests(cache);
}

/** The first page (1-based) of `name`'s b-tree of that type, as SQLite's dbstat lists them. */
export function pageOf(file: string, name: string, type: 'leaf' | 'internal' = 'leaf'): number {
  const db = new Database(file, { readonly: true });
  try {
    const page = db
      .prepare<[string, string], number>('SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno LIMIT 1')
      .pluck()
      .get(name, type);
    if (page === undefined) throw new Error(`no ${type} page of ${name}`);
    return page;
  } finally {
    db.close();
  }
}

/** Overwrites `bytes` bytes from `offset` with noise (the same on every run), as a failing disk would. */
export function garble(file: string, offset: number, bytes: number): void {
  const noise = Buffer.alloc(bytes);
  let x = 12345;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = (x >> 16) & 0xff;
  }
  const fd = openSync(file, 'r+');
  writeSync(fd, noise, 0, bytes, offset);
  closeSync(fd);
}

/** An unpublish the portal accepted (the ledger's change, sent): the listing shows on its way off until a read. */
export function unpublishAccepted(cache: Cache, reference: string): PendingChange {
  const change = createChanges(cache).save('unpublish', reference, {});
  cache.ledger.markSent(change.id);
  return change;
}

/** A change the portal refused, in its words. */
export function refusedChange(cache: Cache, kind: string, reference: string, portalMessage: string): PendingChange {
  const change = createChanges(cache).save(kind, reference, {});
  cache.ledger.markFailed(change.id, { code: 'portal.validationSaid', params: { portalMessage } }, true);
  return change;
}
