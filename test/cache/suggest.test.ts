// "Did you mean …?" from the stock's own words: the edit distance, the choice of a word, and the
// cache's vocabulary (brands, the catalogue's model names, trims) read again after the listings change.
import { afterEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { editDistance, suggestSearch, vocabularyOf } from '../../src/main/cache/suggest';
import { openTestCache, portalVehicle, sqlOf, tempDir, upsert, type TempDir } from './helpers';

describe('editDistance', () => {
  it.each([
    ['toyta', 'toyota', 1],
    ['corola', 'corolla', 1],
    ['volkswagem', 'volkswagen', 1],
    ['hodna', 'honda', 1],
    ['fiat', 'fiat', 0],
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s: %i', (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
    expect(editDistance(b, a, 5)).toBe(d);
  });

  it('stops once past the most it is asked about', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('suggestSearch', () => {
  const words = vocabularyOf(['Toyota', 'Corolla XEi 2.0', 'Volkswagen', 'Highline 200 TSI', 'Citroën']);

  it('replaces the words the stock has none like, keeping the others', () => {
    expect(suggestSearch('toyta', words)).toBe('Toyota');
    expect(suggestSearch('corola', words)).toBe('Corolla');
    expect(suggestSearch('volkswagem', words)).toBe('Volkswagen');
    expect(suggestSearch('toyta corola 2.0', words)).toBe('Toyota Corolla 2.0');
    // Accents folded as the search folds them: a typo of "Citroën" typed without them.
    expect(suggestSearch('citroem', words)).toBe('Citroën');
  });

  it('suggests nothing for a word the search finds, a short word, a number, or nothing near', () => {
    expect(suggestSearch('toyo', words)).toBeNull();
    expect(suggestSearch('Corolla', words)).toBeNull();
    expect(suggestSearch('xe', words)).toBeNull();
    expect(suggestSearch('2017', words)).toBeNull();
    expect(suggestSearch('bicicleta', words)).toBeNull();
  });
});

describe("the cache's suggestion", () => {
  let t: TempDir;
  let cache: Cache;
  afterEach(() => {
    cache.close();
    t.cleanup();
  });

  it("reads the stock's brands, its models' catalogue names and its trims, again after the listings change", () => {
    t = tempDir();
    cache = openTestCache(t);
    upsert(cache, [
      portalVehicle({ reference: 'A', brand: { id: 5, name: 'Toyota', vehicleType: 'C' }, trim: { id: 50, name: 'XEi 2.0 Flex', modelId: 500 } }),
    ]);
    sqlOf(cache).prepare("INSERT INTO catalogue_items (list, parent, position, id, name, raw) VALUES ('models', '5', 0, 500, 'Corolla', '{}')").run();
    expect(cache.suggestSearch('toyta corola')).toBe('Toyota Corolla');
    expect(cache.suggestSearch('flx')).toBeNull();
    expect(cache.suggestSearch('volkswagem')).toBeNull();
    upsert(cache, [portalVehicle({ reference: 'B' })]);
    expect(cache.suggestSearch('volkswagem')).toBe('Volkswagen');
  });
});
