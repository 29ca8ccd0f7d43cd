// The schema guard (as Actual Budget keeps one): the schema a fresh cache is migrated to — both
// files, the cache and the local-only one — is committed in schema.snapshot.sql. A change to the
// schema must come as a new migration and an updated snapshot, on purpose:
//   UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run test/cache/schema.test.ts
// and the snapshot's diff then shows the reviewer exactly what changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache/index';
import { sqlOf, tempDir, type TempDir } from './helpers';

const SNAPSHOT = join(import.meta.dirname, 'schema.snapshot.sql');

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/**
 * Every table, index, trigger and view of both files as SQLite keeps it, in a stable order, with
 * each file's schema version. The full-text index's shadow tables are left out: SQLite makes them
 * from the one CREATE VIRTUAL TABLE listed, and their text is SQLite's business, not ours.
 */
function schemaOf(db: Database.Database): string {
  const out: string[] = [];
  for (const schema of ['main', 'local']) {
    out.push(`-- ${schema}: user_version ${String(db.pragma(`${schema}.user_version`, { simple: true }))}`);
    const rows = db
      .prepare<[], { type: string; name: string; sql: string }>(
        `SELECT type, name, sql FROM ${schema}.sqlite_master AS m
          WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            AND NOT EXISTS (SELECT 1 FROM ${schema}.sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '\\_%' ESCAPE '\\')
          ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'trigger' THEN 2 ELSE 3 END, name`,
      )
      .all();
    for (const r of rows) out.push(`-- ${schema}.${r.type} ${r.name}\n${r.sql};`);
  }
  return `${out.join('\n\n')}\n`;
}

let files = 0;
function freshSchema(alter?: (db: Database.Database) => void): string {
  const cache = openCache(t.file(`fresh-${++files}.db`));
  try {
    alter?.(sqlOf(cache));
    return schemaOf(sqlOf(cache));
  } finally {
    cache.close();
  }
}

/** Lines of `actual` not in `expected`, and the other way round. */
function differences(expected: string, actual: string): { added: string[]; removed: string[] } {
  const a = new Set(actual.split('\n'));
  const e = new Set(expected.split('\n'));
  return { added: [...a].filter((l) => !e.has(l)), removed: [...e].filter((l) => !a.has(l)) };
}

/** The guard: throws, naming the lines that differ, unless `actual` is the committed schema exactly. */
function checkAgainstSnapshot(actual: string): void {
  const committed = readFileSync(SNAPSHOT, 'utf8');
  if (actual === committed) return;
  const { added, removed } = differences(committed, actual);
  throw new Error(
    [
      'The migrated cache schema differs from test/cache/schema.snapshot.sql. Change the schema with a new migration, then',
      'update the snapshot on purpose: UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run test/cache/schema.test.ts',
      ...added.map((l) => `+ ${l}`),
      ...removed.map((l) => `- ${l}`),
      ...(added.length + removed.length === 0 ? ['(the same lines, in another order)'] : []),
    ].join('\n'),
  );
}

describe('schema guard', () => {
  it('a freshly migrated cache has exactly the committed schema', () => {
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') writeFileSync(SNAPSHOT, freshSchema());
    expect(() => checkAgainstSnapshot(freshSchema())).not.toThrow();
  });

  it('bites: a column added, a column retyped, an index dropped or a local-file column added all fail it, named', () => {
    const check = (alter: (db: Database.Database) => void) => () => checkAgainstSnapshot(freshSchema(alter));
    expect(check((db) => db.exec('ALTER TABLE vehicles ADD COLUMN doors INTEGER'))).toThrow(/^\+ .*, doors INTEGER\);$/m);
    // A column whose type changed: the table made anew under the same name, as a careless edit of migration 1 would do.
    expect(check((db) => db.exec('DROP TABLE meta; CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID'))).toThrow(
      /^\+ CREATE TABLE meta \(key TEXT PRIMARY KEY, value BLOB NOT NULL\) WITHOUT ROWID;\n- CREATE TABLE meta \(key TEXT PRIMARY KEY, value TEXT NOT NULL\) WITHOUT ROWID;$/m,
    );
    expect(check((db) => db.exec('DROP INDEX vehicles_by_value'))).toThrow(/^- -- main\.index vehicles_by_value$/m);
    expect(check((db) => db.exec('ALTER TABLE local.pending_changes ADD COLUMN priority INTEGER'))).toThrow(/^\+ .*, priority INTEGER\);$/m);
    expect(check((db) => db.pragma('local.user_version = 60'))).toThrow(/^\+ -- local: user_version 60$/m);
  });
});
