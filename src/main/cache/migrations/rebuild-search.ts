// Schemas 10 and 11, frozen: the full-text index made anew with another definition, from itself.
// The index is contentless, so its documents cannot be read back: each listing's terms, read
// through fts5vocab, become its new document. They tokenize to themselves, so the index holds
// exactly what it held, whatever code wrote it. Seconds and a lot of memory on a large stock, once
// (docs/measurements.md).
import type Database from 'better-sqlite3';

/**
 * `options` follow the tokenizer in the table's definition (", prefix = '2'", or nothing); the
 * temporary tables are named for the step. The definition's text as shipped, indentation
 * included: SQLite keeps it verbatim in sqlite_master (test/cache/schema.snapshot.sql).
 */
export function rebuildSearchIndex(db: Database.Database, step: number, options: string): void {
  db.exec(`
        CREATE VIRTUAL TABLE temp.v${step}_postings USING fts5vocab(main, 'vehicles_fts', 'instance');
        CREATE TEMP TABLE v${step}_documents AS SELECT doc AS id, group_concat(term, ' ') AS doc FROM temp.v${step}_postings GROUP BY doc;
        DROP TABLE temp.v${step}_postings;
        DROP TABLE vehicles_fts;
        CREATE VIRTUAL TABLE vehicles_fts USING fts5(
          doc, content = '', contentless_delete = 1, detail = none,
          tokenize = "unicode61 remove_diacritics 2"${options}
        );
        INSERT INTO vehicles_fts (vehicles_fts, rank) VALUES ('automerge', 8);
        INSERT INTO vehicles_fts (rowid, doc) SELECT id, doc FROM temp.v${step}_documents ORDER BY id;
        DROP TABLE temp.v${step}_documents;
      `);
}
