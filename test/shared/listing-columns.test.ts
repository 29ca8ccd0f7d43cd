// The listing's columns (shared/listing-columns.ts) are the only place a field of the list row is
// declared: the row, the renderer's view, `show`, the export and the change list derive from them.
// A column added to the table and missed by a consumer, or a field a consumer adds on its own,
// fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRowView } from '../../src/main/account-session/views';
import { SELECT_COMPARED } from '../../src/main/cache/field-diff';
import type { Cache } from '../../src/main/cache/index';
import { EXPORT_COLUMNS, exportHeaders } from '../../src/main/export/columns';
import { MESSAGES } from '../../src/shared/i18n/messages';
import { CHANGE_COLUMNS, COLUMN_NAMES, EXPORTED_COLUMNS, LISTING_FIELDS, listingColumn, ROW_COLUMNS, VIEW_COLUMNS } from '../../src/shared/listing-columns';
import { CHANGE_FIELD_NAMES } from '../../src/shared/listing-changes';
import type { UiLanguage } from '../../src/shared/views';
import { openTestCache, portalVehicle, sqlOf, tempDir, upsert, type TempDir } from '../cache/helpers';

const LANGUAGES: UiLanguage[] = ['en', 'pt-BR'];

describe("every consumer of a listing's fields derives them from the column table", () => {
  let t: TempDir;
  let cache: Cache;
  beforeAll(() => {
    t = tempDir();
    cache = openTestCache(t);
    upsert(cache, [portalVehicle({ reference: 'ONE' })]);
  });
  afterAll(() => {
    cache.close();
    t.cleanup();
  });
  const row = () => {
    const found = cache.queryVehicles({ window: { offset: 0, limit: 1 } }).rows[0];
    if (!found) throw new Error('the listing is not in the cache');
    return found;
  };

  it('the list row has exactly the columns that say `row`, from the list query and the detail alike', () => {
    expect(Object.keys(row()).sort()).toEqual([...ROW_COLUMNS].sort());
    expect(Object.keys(cache.getVehicle('ONE')?.row ?? {}).sort()).toEqual([...ROW_COLUMNS].sort());
  });

  it("the renderer's row has the columns that say `view`, and only what the view adds besides", () => {
    const view = toRowView(row(), []);
    expect(Object.keys(view).sort()).toEqual([...VIEW_COLUMNS, 'publication', 'coverPhotoId', 'coverStatus', 'urlReady'].sort());
    for (const name of VIEW_COLUMNS) expect(view[name], name).toEqual(row()[name]);
  });

  it('the export writes the columns that say `export`, in the table order, each with its own header in both languages', () => {
    expect(EXPORT_COLUMNS.map((c) => c.id)).toEqual(EXPORTED_COLUMNS);
    for (const language of LANGUAGES) {
      const headers = exportHeaders(language);
      expect(new Set(headers).size, headers.join(' | ')).toBe(headers.length);
      for (const header of headers) expect(header.trim()).not.toBe('');
    }
  });

  it('a sync compares the columns that say `change`, each read from a column of the stored listing and labelled in both languages', () => {
    expect([...CHANGE_FIELD_NAMES].sort()).toEqual([...CHANGE_COLUMNS].sort());
    expect(() => sqlOf(cache).prepare(SELECT_COMPARED).get(1)).not.toThrow();
    for (const language of LANGUAGES)
      for (const field of CHANGE_FIELD_NAMES) expect(MESSAGES[language].codes.changeFields[field], `${language}: ${field}`).toBeTruthy();
  });

  it('`show` prints the columns read from the listing, each under its own label in both languages', () => {
    expect(LISTING_FIELDS.length).toBeGreaterThan(20);
    for (const language of LANGUAGES) {
      const labels = LISTING_FIELDS.map((name) => listingColumn(name).label?.(MESSAGES[language]));
      for (const [i, label] of labels.entries()) expect(label?.trim(), LISTING_FIELDS[i]).toBeTruthy();
      expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
    }
  });

  it('every column is used by some consumer', () => {
    const used = new Set<string>([...ROW_COLUMNS, ...VIEW_COLUMNS, ...EXPORTED_COLUMNS, ...LISTING_FIELDS, ...CHANGE_COLUMNS]);
    expect(COLUMN_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });
});
