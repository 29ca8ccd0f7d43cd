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
export const listQueryKey = (query: ListQuery): string => JSON.stringify({ text: query.text, filters: query.filters, sort: query.sort });

export interface RowsCallbacks {
  /** A different query is asked for (not a refresh of the same one): the screen scrolls the list back to the top. */
  onNewQuery?: () => void;
  /**
   * The query whose answer (rows or error) is being drawn, in that answer's render: a screen that
   * holds a typed text in its state sets it here, drawing the text and its rows in one render.
   */
  onAnswer?: (query: ListQuery) => void;
}

export function useInventoryRows(query: ListQuery, version: number, { onNewQuery, onAnswer }: RowsCallbacks = {}): InventoryRows {
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
  /** The rows the list shows (the virtualizer's range): a new query asks for as many from the top. */
  const range = useRef({ start: 0, end: ROW_PAGE_SIZE - 1 });
  /** The query asked for last (by `request` or by the effect), its key, and the cache version it was asked at. */
  const asked = useRef<{ key: string; version: number; query: ListQuery } | null>(null);
  /**
   * The text `request` asked for last: the screen draws a typed text only with its answer, so a
   * render may show an older one. The query the screen means is the one drawn with this text.
   */
  const typed = useRef<string | null>(null);
  /** The query of the last render, and the key the effect last saw. */
  const renderedQuery = useRef(query);
  const renderedKey = useRef<string | null>(null);
  const versionRef = useRef(version);
  const onNewQueryRef = useRef(onNewQuery);
  const onAnswerRef = useRef(onAnswer);
  // Before any passive effect (the table's ensureRange runs in one, before this hook's own).
  useLayoutEffect(() => {
    renderedQuery.current = query;
    versionRef.current = version;
    onNewQueryRef.current = onNewQuery;
    onAnswerRef.current = onAnswer;
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
          onAnswerRef.current?.(of);
          setTotal(result.total);
          setError(null);
          setShownKey(key);
          rerender();
        });
      },
      (e: unknown) => {
        if (gen !== generation.current) return;
        pages.current.release(page);
        onAnswerRef.current?.(of);
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
        range.current = { start: 0, end: range.current.end - range.current.start };
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
      typed.current = next.text;
      if (asked.current?.key === key) return;
      begin(next, key, versionRef.current);
    },
    [begin],
  );

  useEffect(() => {
    const drawnChanged = renderedKey.current !== queryKey;
    renderedKey.current = queryKey;
    // What the screen means: the query it drew, with the text typed last (drawn with its answer).
    const meant = typed.current === null ? renderedQuery.current : { ...renderedQuery.current, text: typed.current };
    const meantKey = listQueryKey(meant);
    const last = asked.current;
    // The first query, or one the screen changed itself (filters, sort, a text it set).
    if (last === null || (drawnChanged && last.key !== meantKey)) {
      begin(meant, meantKey, version);
      return;
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
