// Pure renderer logic (DOM-free, src/renderer/src/logic): windowed row pages, list keyboard
// moves, the base URL check, filters and zoom. Language and labels are tested in i18n.test.ts.
import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../src/renderer/src/logic/baseUrl';
import { countActiveFilters, parseWholeNumber, setFlag, setRange, toggleListValue } from '../../src/renderer/src/logic/filters';
import { nextRowIndex } from '../../src/renderer/src/logic/listKeys';
import { RowPages, pagesForRange } from '../../src/renderer/src/logic/rowPages';
import { zoomIn, zoomOut, ZOOM_MAX, ZOOM_MIN } from '../../src/renderer/src/logic/zoom';

describe('row pages', () => {
  it('covers a range with the pages it touches, within the total', () => {
    expect(pagesForRange(0, 40, 100_000, 100)).toEqual([0]);
    expect(pagesForRange(95, 205, 100_000, 100)).toEqual([0, 1, 2]);
    expect(pagesForRange(99_990, 100_020, 100_000, 100)).toEqual([999]);
    expect(pagesForRange(0, 10, 0, 100)).toEqual([]);
  });

  it('claims each missing page once, serves rows, and retries a released page', () => {
    const pages = new RowPages<number>(10, 5);
    expect(pages.claimMissing(0, 25, 1000)).toEqual([0, 1, 2]);
    expect(pages.claimMissing(0, 25, 1000)).toEqual([]);
    pages.store(
      1,
      Array.from({ length: 10 }, (_, i) => 10 + i),
    );
    expect(pages.get(13)).toBe(13);
    expect(pages.get(3)).toBeUndefined();
    pages.release(0);
    expect(pages.claimMissing(0, 5, 1000)).toEqual([0]);
  });

  it('keeps a bounded number of pages, dropping the farthest', () => {
    const pages = new RowPages<number>(10, 3);
    for (const p of [0, 1, 2, 50]) pages.store(p, [p]);
    expect(pages.size).toBe(3);
    expect(pages.get(500)).toBe(50);
    expect(pages.get(0)).toBeUndefined();
  });
});

describe('list keys', () => {
  it('moves within bounds', () => {
    expect(nextRowIndex('ArrowDown', -1, 10, 5)).toBe(0);
    expect(nextRowIndex('ArrowDown', 9, 10, 5)).toBe(9);
    expect(nextRowIndex('ArrowUp', 0, 10, 5)).toBe(0);
    expect(nextRowIndex('PageDown', 2, 10, 5)).toBe(7);
    expect(nextRowIndex('PageUp', 2, 10, 5)).toBe(0);
    expect(nextRowIndex('Home', 5, 10, 5)).toBe(0);
    expect(nextRowIndex('End', 0, 100_000, 5)).toBe(99_999);
    expect(nextRowIndex('a', 0, 10, 5)).toBeNull();
    expect(nextRowIndex('ArrowDown', 0, 0, 5)).toBeNull();
  });
});

describe('base URL check', () => {
  it('accepts http(s) and warns when the path does not end in integration/v2', () => {
    expect(checkBaseUrl('https://api.portal.example/integration/v2')).toEqual({ valid: true, pathWarning: false, insecure: false });
    expect(checkBaseUrl('https://api.portal.example/integration/v2/')).toMatchObject({ pathWarning: false });
    expect(checkBaseUrl('https://api.portal.example/')).toMatchObject({ valid: true, pathWarning: true });
    expect(checkBaseUrl('http://127.0.0.1:4000/integration/v2')).toMatchObject({ insecure: true, pathWarning: false });
    expect(checkBaseUrl('javascript:alert(1)')).toEqual({ valid: false });
    expect(checkBaseUrl('portal.example')).toEqual({ valid: false });
  });
});

describe('filters', () => {
  it('toggles list values and drops empty lists', () => {
    const a = toggleListValue({}, 'fuel', 'FLEX');
    expect(a).toEqual({ fuel: ['FLEX'] });
    expect(toggleListValue(a, 'fuel', 'FLEX')).toEqual({});
  });
  it('sets flags and ranges, counting active filters', () => {
    let f = setFlag({}, 'highlighted', true);
    f = setRange(f, 'price', { min: 10_000, max: undefined });
    f = toggleListValue(f, 'portal', 'off');
    expect(countActiveFilters(f)).toBe(3);
    expect(setRange(f, 'price', {})).not.toHaveProperty('price');
    expect(setFlag(f, 'highlighted', undefined)).not.toHaveProperty('highlighted');
  });
  it('reads whole numbers typed with separators', () => {
    expect(parseWholeNumber('150.000')).toBe(150_000);
    expect(parseWholeNumber('150,000')).toBe(150_000);
    expect(parseWholeNumber('')).toBeUndefined();
    expect(parseWholeNumber('12a')).toBeUndefined();
  });
});

describe('zoom', () => {
  it('zooms within bounds', () => {
    expect(zoomOut(1)).toBe(ZOOM_MIN);
    let z = 1;
    for (let i = 0; i < 20; i++) z = zoomIn(z);
    expect(z).toBe(ZOOM_MAX);
  });
});
