// The inventory's bulk selection: listings picked one by one, a range (Shift), or every listing
// the search and filters show (the header's box, Ctrl+A). Each selected listing is kept with its
// row, so that the bulk bar offers only what the selection can take. Rows outside the pages on
// screen are read from the cache a window at a time.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { InventoryQuery } from '../../../shared/inventory';
import { MAX_WINDOW } from '../../../shared/inventory';
import type { VehicleRowView } from '../../../shared/views';
import { api } from '../api';
import type { InventoryRows } from './useInventoryRows';

/** The most listings one request can carry (the publication channels' bound). */
export const MAX_SELECTION = 10_000;

export type Selection = ReadonlyMap<string, VehicleRowView>;

async function rowsBetween(query: InventoryQuery, rows: InventoryRows, from: number, to: number): Promise<VehicleRowView[]> {
  const known: VehicleRowView[] = [];
  for (let i = from; i <= to; i++) {
    const row = rows.getRow(i);
    if (!row) break;
    known.push(row);
  }
  if (known.length === to - from + 1) return known;
  const out: VehicleRowView[] = [];
  for (let offset = from; offset <= to; offset += MAX_WINDOW) {
    const page = await api.call('inventory.query', { ...query, window: { offset, limit: Math.min(MAX_WINDOW, to - offset + 1) } });
    out.push(...page.rows);
  }
  return out;
}

export interface SelectionState {
  selected: Selection;
  /** One listing on or off; with `range`, every listing from the last one picked to this one takes its new state. */
  toggle: (index: number, range: boolean) => void;
  /** Every listing shown (up to MAX_SELECTION); again with all selected, none. */
  toggleAll: () => void;
  clear: () => void;
}

export function useSelection(query: InventoryQuery, rows: InventoryRows, onError: (error: unknown) => void): SelectionState {
  const [selected, setSelected] = useState<Selection>(new Map());
  const anchor = useRef<number | null>(null);
  // The callbacks stay the same across answers and keystrokes (every row on screen takes them): they read the latest of these.
  const latest = useRef({ query, rows, selected, onError });
  useLayoutEffect(() => {
    latest.current = { query, rows, selected, onError };
  });
  const clear = useCallback(() => setSelected(new Map()), []);

  const toggle = useCallback((index: number, range: boolean) => {
    const { query, rows, selected, onError } = latest.current;
    const row = rows.getRow(index);
    if (!row) return;
    const on = !selected.has(row.reference);
    const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
    anchor.current = index;
    rowsBetween(query, rows, from, to).then((picked) => {
      setSelected((s) => {
        const next = new Map(s);
        for (const r of picked) {
          if (on) next.set(r.reference, r);
          else next.delete(r.reference);
        }
        return next;
      });
    }, onError);
  }, []);

  const toggleAll = useCallback(() => {
    const { query, rows, selected, onError } = latest.current;
    const total = Math.min(rows.total ?? 0, MAX_SELECTION);
    if (total === 0) return;
    if (selected.size >= total) {
      setSelected(new Map());
      return;
    }
    rowsBetween(query, rows, 0, total - 1).then((all) => setSelected(new Map(all.map((r) => [r.reference, r]))), onError);
  }, []);

  return { selected, toggle, toggleAll, clear };
}
