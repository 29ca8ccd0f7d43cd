// Rows of the inventory list, fetched on demand by window from the cache (never all at once).
// A new query starts a fresh page cache; a "cache changed" refresh keeps showing the old rows
// until their replacements arrive, so the list does not flash.
import { replaceEqualDeep } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { InventoryFilters, InventorySort } from '../../../shared/inventory';
import type { VehicleRowView } from '../../../shared/views';
import { api } from '../api';
import { ROW_PAGE_SIZE, RowPages } from '../logic/rowPages';

export interface ListQuery {
  text: string;
  filters: InventoryFilters;
  sort: InventorySort;
}

export interface InventoryRows {
  /** Matching listings; null until the first answer. */
  total: number | null;
  getRow: (index: number) => VehicleRowView | undefined;
  /** Call with the visible range; fetches the pages not cached yet. */
  ensureRange: (start: number, end: number) => void;
  error: unknown;
  /** Changes whenever the query (not just the data) changes: scroll back to the top then. */
  queryKey: string;
}

export function useInventoryRows(query: ListQuery, version: number): InventoryRows {
  const queryKey = JSON.stringify(query);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  const pages = useRef(new RowPages<VehicleRowView>());
  const stale = useRef<RowPages<VehicleRowView> | null>(null);
  /** The pages shown before the current query's: a listing that comes back unchanged keeps its object. */
  const previous = useRef<RowPages<VehicleRowView> | null>(null);
  const generation = useRef(0);
  const totalRef = useRef<number | null>(null);
  const range = useRef({ start: 0, end: 40 });
  const lastKey = useRef(queryKey);
  const queryRef = useRef(query);
  // Before any passive effect (the table's ensureRange runs in one, before this hook's own).
  useLayoutEffect(() => {
    queryRef.current = query;
  });

  const fetchPage = useCallback((gen: number, page: number) => {
    api
      .call('inventory.query', { ...queryRef.current, window: { offset: page * ROW_PAGE_SIZE, limit: ROW_PAGE_SIZE } })
      .then(
        (result) => {
          if (gen !== generation.current) return;
          // Rows equal to the ones shown at the same place keep their objects, so their (memoised)
          // rows are not drawn again: typing on in a word often leaves the first rows as they were.
          const before = previous.current?.page(page);
          pages.current.store(page, before ? replaceEqualDeep(before, result.rows) : result.rows);
          totalRef.current = result.total;
          // Drawn now, in the answer's own task: the dealer is waiting for exactly these rows, and
          // a scheduled render would wait behind the browser's next frame.
          flushSync(() => {
            setTotal(result.total);
            setError(null);
            rerender();
          });
        },
        (e: unknown) => {
          if (gen !== generation.current) return;
          pages.current.release(page);
          setError(e);
        },
      );
  }, []);

  useEffect(() => {
    const queryChanged = lastKey.current !== queryKey;
    lastKey.current = queryKey;
    generation.current++;
    stale.current = queryChanged ? null : pages.current;
    if (pages.current.size > 0) previous.current = pages.current;
    pages.current = new RowPages<VehicleRowView>();
    if (queryChanged) range.current = { start: 0, end: 40 };
    const { start, end } = range.current;
    const knownTotal = queryChanged ? end + 1 : Math.max(totalRef.current ?? 0, 1);
    // Every answer carries the total, so the visible pages are all we need.
    for (const p of pages.current.claimMissing(start, end, knownTotal)) fetchPage(generation.current, p);
  }, [queryKey, version, fetchPage]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      range.current = { start, end };
      const known = totalRef.current ?? 0;
      for (const p of pages.current.claimMissing(start, end, known)) fetchPage(generation.current, p);
    },
    [fetchPage],
  );

  const getRow = useCallback((index: number) => pages.current.get(index) ?? stale.current?.get(index), []);

  return { total, getRow, ensureRange, error, queryKey };
}
