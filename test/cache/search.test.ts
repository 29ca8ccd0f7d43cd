// Text search: accents, case, prefixes, plates typed every way, hostile input, and the index
// staying in step with updates and deletes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { ftsMatchExpression, searchWords } from '../../src/main/cache/fts';
import { openTestCache, portalVehicle, references, tempDir, upsert, type TempDir, sqlOf } from './helpers';

let t: TempDir;
let cache: Cache;
const search = (text: string) => references(cache.queryVehicles({ text, window: { offset: 0, limit: 500 } }).rows).sort();

describe('the search text', () => {
  it('is cut into words the way the index cuts them', () => {
    expect(searchWords('  Citroën  C4-Cactus ')).toEqual(['citroën', 'c4', 'cactus']);
    expect(ftsMatchExpression('ABC-1D23')).toBe('"abc"* "1d23"*');
    expect(ftsMatchExpression('1.0 turbo')).toBe('"1" "0" "turbo"*');
    expect(ftsMatchExpression('"*():^-+')).toBeNull();
    expect(ftsMatchExpression('NEAR(a b) OR c')).toBe('"near"* "a" "b" "or"* "c"');
  });

  it('a single character is a whole word beside others, and a prefix alone (the first key of a word)', () => {
    expect(ftsMatchExpression('C 180')).toBe('"c" "180"*');
    expect(ftsMatchExpression('C')).toBe('"c"*');
    expect(ftsMatchExpression(' c  C ')).toBe('"c"*');
    expect(ftsMatchExpression('Ç')).toBe('"ç"*');
  });

  it('the index keeps no prefix entries: a word of two letters or more is searched as the terms it begins', () => {
    const vocabulary = ['go', 'gol', 'golf', 'gps', ...Array.from({ length: 20 }, (_, i) => `comp${String(i).padStart(2, '0')}`)];
    const lookup = (word: string, limit: number) =>
      vocabulary
        .filter((term) => term >= word)
        .sort()
        .slice(0, limit);
    expect(ftsMatchExpression('go gol', lookup)).toBe('("go" OR "gol" OR "golf") AND ("gol" OR "golf")');
    // A single character is the whole term beside others, and a prefix alone, as without the lookup.
    expect(ftsMatchExpression('g 1', lookup)).toBe('"g" AND "1"');
    expect(ftsMatchExpression('g', lookup)).toBe('"g"*');
    expect(ftsMatchExpression('gps xyz', lookup)).toBe('"gps" AND "xyz"');
    // Too many terms, or a word the tokenizer folds: the prefix query itself.
    expect(ftsMatchExpression('com', lookup)).toBe('"com"*');
    expect(ftsMatchExpression('co', lookup)).toBe('"co"*');
    expect(ftsMatchExpression('ção', lookup)).toBe('"ção"*');
  });
});

describe('search', () => {
  beforeEach(() => {
    t = tempDir();
    cache = openTestCache(t);
    upsert(cache, [
      portalVehicle({
        reference: 'C4',
        title: 'Citroën C4 Cactus Feel',
        brand: { id: 2, name: 'Citroën', vehicleType: 'C' },
        licensePlate: 'QWE-9A87',
        description: 'Câmbio automático',
      }),
      portalVehicle({ reference: 'GOL', title: 'Volkswagen Gol 1.0', licensePlate: 'ABC1D23', description: 'Único dono' }),
      portalVehicle({
        reference: 'HB20',
        title: 'Hyundai HB20 Comfort',
        brand: { id: 6, name: 'Hyundai', vehicleType: 'C' },
        licensePlate: 'XYZ-1234',
        description: 'Revisado',
        accessories: [{ id: 3, name: 'Teto solar' }],
        otherInfos: [{ id: 9, name: 'Garantia de fábrica' }],
      }),
    ]);
  });
  afterEach(() => {
    cache.close();
    t.cleanup();
  });

  it('ignores accents and case, both ways', () => {
    expect(search('citroen')).toEqual(['C4']);
    expect(search('CITROËN')).toEqual(['C4']);
    expect(search('cambio automatico')).toEqual(['C4']);
    expect(search('unico')).toEqual(['GOL']);
  });

  it('matches each typed word as a prefix, all words required', () => {
    expect(search('citr cac')).toEqual(['C4']);
    expect(search('volks')).toEqual(['GOL']);
    expect(search('hyun comf')).toEqual(['HB20']);
    expect(search('hyun cactus')).toEqual([]);
    // The first key of a word narrows the list too; beside other words one character is a whole word.
    expect(search('q')).toEqual(['C4']);
    expect(search('X')).toEqual(['HB20']);
    expect(search('Ú')).toEqual(['GOL']);
    expect(search('gol 1')).toEqual(['GOL']);
    expect(search('gol 0')).toEqual(['GOL']);
    expect(search('hyundai h')).toEqual([]);
  });

  it('finds brand, trim, accessory and extra-info names, and the reference', () => {
    expect(search('hyundai')).toEqual(['HB20']);
    expect(search('trendline')).toEqual(['C4', 'GOL', 'HB20']); // the default trim in the helper
    expect(search('teto solar')).toEqual(['HB20']);
    expect(search('fabrica')).toEqual(['HB20']);
    expect(search('hb20')).toEqual(['HB20']);
  });

  it('finds plates typed with or without the dash, any case, or by their end', () => {
    for (const typed of ['ABC-1D23', 'abc1d23', 'ABC1D23', 'abc-1d23', '1D23', '1d2', 'abc 1d23']) expect(search(typed), typed).toEqual(['GOL']);
    for (const typed of ['QWE-9A87', 'qwe9a87', '9A87']) expect(search(typed), typed).toEqual(['C4']);
    for (const typed of ['XYZ-1234', 'xyz1234', '1234']) expect(search(typed), typed).toEqual(['HB20']);
  });

  it('never throws on hostile input and never treats it as syntax', () => {
    const hostile = [
      '"',
      '""',
      '*',
      '-',
      ':',
      '(',
      ')',
      'NEAR',
      'NEAR(',
      'AND',
      'OR',
      'NOT',
      'a OR',
      '^',
      '{title}: x',
      'title:gol',
      "'; DROP TABLE vehicles; --",
      '\u0000',
      '🚗',
      'gol*',
      '-gol',
      '"gol',
      'gol"',
      'NEAR(gol cactus, 5)',
      'x'.repeat(200),
      '\\',
      '%',
      '_',
      '[',
      'rowid',
      '1=1',
    ];
    for (const text of hostile) {
      expect(() => cache.queryVehicles({ text }), text).not.toThrow();
      expect(() => cache.facetCounts({ text }), text).not.toThrow();
    }
    expect(search('title:gol')).toEqual([]); // the words "title" and "gol", not a column filter
    expect(search('-gol')).toEqual(['GOL']);
    expect(search('gol*')).toEqual(['GOL']);
    expect(cache.summary().total).toBe(3);
  });

  it('an empty or punctuation-only text filters nothing', () => {
    expect(search('')).toHaveLength(3);
    expect(search(' - ')).toHaveLength(3);
  });

  it('follows updates: finds the new text, not the old', () => {
    upsert(cache, [portalVehicle({ reference: 'GOL', title: 'Volkswagen Polo Highline', licensePlate: 'NEW-0A00', description: 'Novo texto' })]);
    expect(search('unico')).toEqual([]);
    expect(search('abc1d23')).toEqual([]);
    expect(search('polo')).toEqual(['GOL']);
    expect(search('new0a00')).toEqual(['GOL']);
  });

  it('follows deletes, whoever deletes', () => {
    cache.vehicles.remove('C4');
    expect(search('citroen')).toEqual([]);
    sqlOf(cache).prepare("DELETE FROM vehicles WHERE reference = 'HB20'").run();
    expect(search('hyundai')).toEqual([]);
    expect(sqlOf(cache).prepare('SELECT count(*) FROM vehicle_json').pluck().get()).toBe(1);
    const pass = cache.passes.begin('full');
    pass.stage([]);
    pass.commit();
    expect(search('volkswagen')).toEqual([]);
    // the index holds nothing for removed rows
    expect(sqlOf(cache).prepare("SELECT count(*) FROM vehicles_fts WHERE vehicles_fts MATCH 'gol'").pluck().get()).toBe(0);
  });

  it('counts text matches the same whether or not filters are set', () => {
    expect(cache.queryVehicles({ text: 'trendline' }).total).toBe(3);
    expect(cache.queryVehicles({ text: 'trendline', filters: { active: true } }).total).toBe(3);
    expect(cache.countVehicles({ text: 'trendline', filters: { brand: ['Citroën'] } })).toBe(1);
  });
});
