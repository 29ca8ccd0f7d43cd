// The dimensions' table (shared/inventory-filters.ts) is the only place a filter is declared:
// every consumer must derive every dimension from it. For each dimension of the table, this
// checks the schema, the dictionaries, the SQL, the snapshot (its tests and its facets), and the
// CLI flags; a filter added anywhere but the table, or one the table has and a consumer misses,
// fails here.
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterCondition, whereClause } from '../../src/main/cache/filters';
import type { Cache } from '../../src/main/cache/index';
import { localFileFor } from '../../src/main/cache/local';
import { registerNow } from '../../src/main/cache/now';
import type { OptionValues } from '../../src/main/cli/command';
import { SEARCH_OPTIONS, searchQuery } from '../../src/main/cli/search-flags';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { DIMENSION_NAMES, dimension, inventoryFiltersSchema, type FilterDimension, type InventoryFilters } from '../../src/shared/inventory-filters';
import { manualClock, openTestCache, portalVehicle, tempDir, upsert, type TempDir } from '../cache/helpers';

/** Values of a dimension's filter that test something (at least one of them excludes any one listing). */
function samples(name: FilterDimension): InventoryFilters[FilterDimension][] {
  const d = dimension(name);
  switch (d.kind) {
    case 'state':
      return d.values.map((v) => [v]);
    case 'values':
      return [['NO-SUCH-VALUE'], ['NO-SUCH-VALUE', 'OTHER']];
    case 'range':
      return [{ min: 1e12 }, { max: -1e12 }, { min: -1e12, max: 1e12 }];
    case 'flag':
      return [true, false];
  }
}

/** The command line that sets a dimension's filter, from its `cli` name. */
function cliArgs(name: FilterDimension): string[] {
  const d = dimension(name);
  switch (d.kind) {
    case 'state':
      return [`--${d.cli}`, d.values[0]];
    case 'values':
      return [`--${d.cli}`, 'x'];
    case 'range':
      return [`--${d.cli}-min`, '1', `--${d.cli}-max`, '2'];
    case 'flag':
      return [`--${d.cli}`, 'yes'];
  }
}

describe('every inventory filter is declared once, in the dimensions table', () => {
  let t: TempDir;
  let cache: Cache;
  /** A second connection to the same file, for the SQL side. */
  let sql: Database.Database;
  beforeAll(() => {
    t = tempDir();
    cache = openTestCache(t);
    upsert(cache, [portalVehicle({ reference: 'ONE' })]);
    sql = new Database(t.file(), { readonly: true });
    // The SQL of a filter that depends on the time reads the cache's clock (at the same frozen time here).
    registerNow(sql, manualClock());
    // And the outbox beside it, as the cache's connection has it: refused requests are reasons to need the dealer.
    sql.prepare('ATTACH DATABASE ? AS local').run(localFileFor(t.file()));
  });
  afterAll(() => {
    sql.close();
    cache.close();
    t.cleanup();
  });

  it('the filters schema has exactly the table’s dimensions', () => {
    expect(Object.keys(inventoryFiltersSchema.shape).sort()).toEqual([...DIMENSION_NAMES].sort());
  });

  it('each dimension has its label in both dictionaries', () => {
    for (const name of DIMENSION_NAMES) {
      const label = dimension(name).label;
      expect(en.filters[label], name).toMatch(/\S/);
      expect(ptBR.filters[label], name).toMatch(/\S/);
    }
  });

  it('each dimension’s filter is a SQL condition on its column, with its values bound', () => {
    for (const name of DIMENSION_NAMES) {
      for (const sample of samples(name)) {
        const condition = filterCondition(name, { [name]: sample });
        expect(condition?.sql, name).toContain(dimension(name).column);
        expect(condition?.params.length, name).toBeGreaterThan(0);
      }
    }
  });

  it('each dimension filters and is counted in the snapshot, as SQL says', () => {
    const facets = cache.facetCounts({});
    expect(Object.keys(facets).sort()).toEqual([...DIMENSION_NAMES].sort());
    for (const name of DIMENSION_NAMES) {
      const counts = samples(name).map((sample) => {
        const filters = { [name]: sample };
        const where = whereClause({ filters });
        const expected = sql
          .prepare(`SELECT count(*) FROM vehicles v ${where.sql}`)
          .pluck()
          .get(...where.params);
        const snapshot = cache.countVehicles({ filters });
        expect(snapshot, `${name} ${JSON.stringify(sample)}`).toBe(expected);
        return snapshot;
      });
      // Some value of the filter leaves the one listing out: the snapshot has a test for it.
      expect(counts, name).toContain(0);
    }
  });

  it('each dimension has its CLI flags, which set exactly its filter', () => {
    for (const name of DIMENSION_NAMES) {
      const { values, positionals } = parseArgs({ args: cliArgs(name), options: SEARCH_OPTIONS, strict: true, allowPositionals: true });
      expect(positionals, name).toEqual([]);
      expect(Object.keys(searchQuery('', values as OptionValues).filters), name).toEqual([name]);
    }
  });

  it('the CLI has no filter flag the table does not derive', () => {
    const derived = new Set(
      DIMENSION_NAMES.flatMap((name) =>
        cliArgs(name)
          .filter((a) => a.startsWith('--'))
          .map((a) => a.slice(2)),
      ),
    );
    expect(Object.keys(SEARCH_OPTIONS).filter((flag) => !derived.has(flag))).toEqual(['sort']);
  });
});
