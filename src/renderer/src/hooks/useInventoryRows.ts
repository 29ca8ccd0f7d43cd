// Rows of the inventory list, fetched on demand by window from the cache (never all at once).
// A new query starts a fresh page cache; a "cache changed" refresh keeps showing the old rows
// until their replacements arrive, so the list does not flash.
import { replaceEqualDeep } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
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
  /**
   * Asks for a query's rows at once, from the event that changed it (a keystroke), before React
   * draws that event: the round trip then overlaps the drawing. The hook's own effect, which
   * follows the render, sees the query already asked for and does not ask again.
   */
  request: (query: ListQuery) => void;
  error: unknown;
  /**
   * The query whose rows are shown: it changes when the first answer to a new query arrives, not
   * with the keystroke, so that the list (memoised on this object) is drawn once per answer.
   */
  queryKey: string;
  /** Counts the answers drawn: the list's rows may have changed when it moves. */
  revision: number;
}

/** One key per query, the same however the query was built (the properties' order counts in JSON). */
/** Enough to tell a text typed a few keys ago from the one asked last. */
const REQUESTS_REMEMBERED = 32;

export const listQueryKey = (query: ListQuery): string => JSON.stringify({ text: query.text, filters: query.filters, sort: query.sort });

/**
 * `onNewQuery` runs when a different query is asked for (not on a refresh of the same one): the
 * screen scrolls the list back to the top then.
 */
export function useInventoryRows(query: ListQuery, version: number, onNewQuery?: () => void): InventoryRows {
  const queryKey = listQueryKey(query);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [shownKey, setShownKey] = useState(queryKey);
  const [revision, rerender] = useReducer((x: number) => x + 1, 0);
  const pages = useRef(new RowPages<VehicleRowView>());
  const stale = useRef<RowPages<VehicleRowView> | null>(null);
  /** The pages shown before the current query's: a listing that comes back unchanged keeps its object. */
  const previous = useRef<RowPages<VehicleRowView> | null>(null);
  const generation = useRef(0);
  const totalRef = useRef<number | null>(null);
  const range = useRef({ start: 0, end: 40 });
  /** The query asked for last (by `request` or by the effect), its key, and the cache version it was asked at. */
  const asked = useRef<{ key: string; version: number; query: ListQuery } | null>(null);
  /**
   * The last keys `request` asked for, oldest first. The screen draws a typed text after asking
   * for its rows (in a transition), so a render may still show a text older than the one asked:
   * that render must not ask for its rows again.
   */
  const requested = useRef<string[]>([]);
  /** The query of the last render, and the key the effect last saw. */
  const renderedQuery = useRef(query);
  const renderedKey = useRef<string | null>(null);
  const versionRef = useRef(version);
  const onNewQueryRef = useRef(onNewQuery);
  // Before any passive effect (the table's ensureRange runs in one, before this hook's own).
  useLayoutEffect(() => {
    renderedQuery.current = query;
    versionRef.current = version;
    onNewQueryRef.current = onNewQuery;
  });

  const fetchPage = useCallback((gen: number, page: number, key: string, of: ListQuery) => {
    api.call('inventory.query', { ...of, window: { offset: page * ROW_PAGE_SIZE, limit: ROW_PAGE_SIZE } }).then(
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
          setShownKey(key);
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

  /** A fresh page cache for `next` (a new query, or the same one after the cache changed), and its visible pages asked for. */
  const begin = useCallback(
    (next: ListQuery, key: string, atVersion: number) => {
      const queryChanged = asked.current !== null && asked.current.key !== key;
      asked.current = { key, version: atVersion, query: next };
      generation.current++;
      stale.current = queryChanged ? null : pages.current;
      if (pages.current.size > 0) previous.current = pages.current;
      pages.current = new RowPages<VehicleRowView>();
      if (queryChanged) {
        range.current = { start: 0, end: 40 };
        onNewQueryRef.current?.();
      }
      const { start, end } = range.current;
      const knownTotal = queryChanged ? end + 1 : Math.max(totalRef.current ?? 0, 1);
      // Every answer carries the total, so the visible pages are all we need.
      for (const p of pages.current.claimMissing(start, end, knownTotal)) fetchPage(generation.current, p, key, next);
    },
    [fetchPage],
  );

  const request = useCallback(
    (next: ListQuery) => {
      const key = listQueryKey(next);
      if (asked.current?.key === key) return;
      requested.current = [...requested.current.filter((k) => k !== key), key].slice(-REQUESTS_REMEMBERED);
      begin(next, key, versionRef.current);
    },
    [begin],
  );

  useEffect(() => {
    const drawnChanged = renderedKey.current !== queryKey;
    renderedKey.current = queryKey;
    const last = asked.current;
    if (last === null) {
      begin(renderedQuery.current, queryKey, version);
      return;
    }
    if (drawnChanged && last.key !== queryKey) {
      // A query the screen drew itself (filters, sort, a text it set), unless only its text differs
      // from the one asked last and that text was typed before it: a transition not drawn yet.
      const order = requested.current;
      const onlyTextLags = listQueryKey({ ...renderedQuery.current, text: last.query.text }) === last.key;
      const typedBefore = onlyTextLags && order.includes(queryKey) && order.indexOf(queryKey) < order.indexOf(last.key);
      if (!typedBefore) {
        begin(renderedQuery.current, queryKey, version);
        return;
      }
    }
    // The cache changed: the query asked last is read again (its rows stay until the new ones come).
    if (last.version !== version) begin(last.query, last.key, version);
  }, [queryKey, version, begin]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      range.current = { start, end };
      const known = totalRef.current ?? 0;
      const last = asked.current;
      if (last === null) return;
      for (const p of pages.current.claimMissing(start, end, known)) fetchPage(generation.current, p, last.key, last.query);
    },
    [fetchPage],
  );

  const getRow = useCallback((index: number) => pages.current.get(index) ?? stale.current?.get(index), []);

  // A new object only when what the list shows changed (an answer, an error), never on a keystroke.
  return useMemo(
    () => ({ total, getRow, ensureRange, request, error, queryKey: shownKey, revision }),
    [total, getRow, ensureRange, request, error, shownKey, revision],
  );
}
