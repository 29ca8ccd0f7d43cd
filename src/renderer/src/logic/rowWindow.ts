// Which rows of a long list of rows of one height are drawn, and where to scroll to show one:
// arithmetic on the scroller's offset, whatever the number of rows. Pure; useRowWindow applies it.
//
// The list used @tanstack/react-virtual, which keeps a measurement per row for rows of any
// height and computes them all again whenever the number of rows changes: an entry per listing on
// the keystroke whose answer changes the count (docs/measurements.md), for rows that all have one height.

export interface RowGeometry {
  rowHeight: number;
  /** Above the rows inside the scroller (a sticky header): where the rows start, and what covers their top. */
  headerHeight: number;
  /** Rows drawn beyond each edge of the visible ones. */
  overscan: number;
}

/** The scroller: its offset and its visible height. */
export interface Viewport {
  scrollTop: number;
  height: number;
}

/** Rows drawn, inclusive; `last < first` when none. */
export interface RowRange {
  first: number;
  last: number;
}

export const NO_ROWS: RowRange = { first: 0, last: -1 };

/** The rows that cross the viewport (under the sticky header too), plus the overscan, within `count`. */
export function rowRange({ scrollTop, height }: Viewport, count: number, { rowHeight, headerHeight, overscan }: RowGeometry): RowRange {
  if (count <= 0 || height <= 0 || rowHeight <= 0) return NO_ROWS;
  const top = Math.max(0, scrollTop) - headerHeight;
  const firstVisible = Math.max(0, Math.floor(top / rowHeight));
  const lastVisible = Math.ceil((top + height) / rowHeight) - 1;
  const first = Math.min(count - 1, Math.max(0, firstVisible - overscan));
  const last = Math.min(count - 1, Math.max(first, lastVisible + overscan));
  return { first, last };
}

/** Whether two viewports draw the same rows, whatever the count: a scroll within a row draws nothing again. */
export function sameRows(a: Viewport, b: Viewport, geometry: RowGeometry): boolean {
  const x = rowRange(a, Number.MAX_SAFE_INTEGER, geometry);
  const y = rowRange(b, Number.MAX_SAFE_INTEGER, geometry);
  return x.first === y.first && x.last === y.last;
}

/**
 * The scroller offset that shows row `index` whole, below the sticky header, moving as little as
 * possible; null when it is already shown whole.
 */
export function scrollTopToShow(index: number, { scrollTop, height }: Viewport, { rowHeight, headerHeight }: RowGeometry): number | null {
  const rowTop = index * rowHeight;
  if (rowTop < scrollTop) return rowTop;
  const bottomTop = headerHeight + rowTop + rowHeight - height;
  if (bottomTop > scrollTop) return Math.min(rowTop, bottomTop);
  return null;
}
