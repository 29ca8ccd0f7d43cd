// Pure renderer logic (DOM-free, src/renderer/src/logic): windowed row pages, the rows a scroller
// draws, list keyboard moves, filters and zoom (the base URL check is shared: test/accounts/base-url.test.ts). Language and labels are tested in i18n.test.ts.
import { describe, expect, it } from 'vitest';
import { countActiveFilters, parseWholeNumber, setFlag, setRange, toggleListValue } from '../../src/renderer/src/logic/filters';
import { nextRowIndex } from '../../src/renderer/src/logic/listKeys';
import { RowPages, pagesForRange } from '../../src/renderer/src/logic/rowPages';
import { NO_ROWS, rowRange, sameRows, scrollTopToShow, type RowGeometry } from '../../src/renderer/src/logic/rowWindow';
import { fitScale, zoomIn, zoomOut, ZOOM_MAX_FACTOR } from '../../src/renderer/src/logic/zoom';

describe('row window', () => {
  // The inventory's: rows of 60 px under a sticky header of 40, two rows beyond each edge.
  const g: RowGeometry = { rowHeight: 60, headerHeight: 40, overscan: 2 };

  /** The rows whose span crosses the viewport, found one row at a time, and the overscan. */
  function bruteForce(scrollTop: number, height: number, count: number, geometry: RowGeometry) {
    const crossing: number[] = [];
    for (let i = 0; i < count; i++) {
      const top = geometry.headerHeight + i * geometry.rowHeight;
      if (top < scrollTop + height && top + geometry.rowHeight > scrollTop) crossing.push(i);
    }
    if (crossing.length === 0) return null;
    return { first: Math.max(0, crossing[0]! - geometry.overscan), last: Math.min(count - 1, crossing.at(-1)! + geometry.overscan) };
  }

  it('draws the rows crossing the viewport and two beyond each edge, within the count', () => {
    expect(rowRange({ scrollTop: 0, height: 600 }, 100_000, g)).toEqual({ first: 0, last: 11 });
    // Scrolled 100 rows down: rows 99 (under the header) to 109, then two either side.
    expect(rowRange({ scrollTop: 6_000, height: 600 }, 100_000, g)).toEqual({ first: 97, last: 111 });
    expect(rowRange({ scrollTop: 0, height: 600 }, 5, g)).toEqual({ first: 0, last: 4 });
    // At the end of the list: its last row, whatever the offset asked.
    expect(rowRange({ scrollTop: 40 + 100_000 * 60 - 600, height: 600 }, 100_000, g).last).toBe(99_999);
    expect(rowRange({ scrollTop: 10 ** 9, height: 600 }, 100_000, g)).toEqual({ first: 99_999, last: 99_999 });
    expect(rowRange({ scrollTop: 0, height: 600 }, 0, g)).toEqual(NO_ROWS);
    // A scroller not laid out yet (no height) draws nothing.
    expect(rowRange({ scrollTop: 0, height: 0 }, 100, g)).toEqual(NO_ROWS);
  });

  it('agrees with a row-by-row count at any offset, height and count', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let n = 0; n < 2_000; n++) {
      const geometry = { rowHeight: 1 + Math.floor(random() * 80), headerHeight: Math.floor(random() * 60), overscan: Math.floor(random() * 4) };
      const count = Math.floor(random() * 300);
      const height = 1 + Math.floor(random() * 900);
      const scrollTop = Math.floor(random() * Math.max(1, geometry.headerHeight + count * geometry.rowHeight - height + 1));
      const expected = bruteForce(scrollTop, height, count, geometry) ?? NO_ROWS;
      expect(rowRange({ scrollTop, height }, count, geometry), JSON.stringify({ geometry, count, height, scrollTop })).toEqual(expected);
    }
  });

  it('draws again only when a scroll or a resize changes the rows drawn', () => {
    expect(sameRows({ scrollTop: 6_000, height: 600 }, { scrollTop: 6_039, height: 600 }, g)).toBe(true);
    expect(sameRows({ scrollTop: 6_000, height: 600 }, { scrollTop: 6_040, height: 600 }, g)).toBe(false);
    expect(sameRows({ scrollTop: 6_000, height: 600 }, { scrollTop: 6_000, height: 700 }, g)).toBe(false);
  });

  it('scrolls as little as needed to show a row whole below the header', () => {
    const view = { scrollTop: 6_000, height: 600 };
    // Rows 100 to 108 are whole below the header (row 99 is under it, row 109 cut at the bottom).
    expect(scrollTopToShow(100, view, g)).toBeNull();
    expect(scrollTopToShow(108, view, g)).toBeNull();
    expect(scrollTopToShow(99, view, g)).toBe(5_940);
    expect(scrollTopToShow(109, view, g)).toBe(6_040);
    expect(scrollTopToShow(0, view, g)).toBe(0);
    // Each answer shows the row whole: below the header, above the bottom edge.
    for (const index of [0, 5, 99, 109, 500, 99_999]) {
      const top = scrollTopToShow(index, view, g) ?? view.scrollTop;
      const rowTop = g.headerHeight + index * g.rowHeight;
      expect(rowTop).toBeGreaterThanOrEqual(top + g.headerHeight);
      expect(rowTop + g.rowHeight).toBeLessThanOrEqual(top + view.height);
    }
  });
});

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
  it('fits the whole photo inside the stage, larger or smaller than it', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 1000, height: 800 })).toBe(0.5);
    expect(fitScale({ width: 1000, height: 1000 }, { width: 1200, height: 600 })).toBe(0.6);
    expect(fitScale({ width: 64, height: 48 }, { width: 640, height: 960 })).toBe(10);
    expect(fitScale(null, { width: 640, height: 960 })).toBe(1);
  });
  it('zooms out down to the fit, and in from there up to a bound', () => {
    expect(zoomOut(0.5, 0.5)).toBe(0.5);
    expect(zoomOut(1, 0.5)).toBe(0.8);
    let z = 0.5;
    for (let i = 0; i < 40; i++) z = zoomIn(z, 0.5);
    expect(z).toBe(ZOOM_MAX_FACTOR);
    z = 2;
    for (let i = 0; i < 40; i++) z = zoomIn(z, 2);
    expect(z).toBe(2 * ZOOM_MAX_FACTOR);
  });
});
