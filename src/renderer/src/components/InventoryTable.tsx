// The virtualised inventory grid: only the visible rows (plus a margin) exist in the DOM, and
// only their pages are fetched. Keyboard: ↑/↓/PageUp/PageDown/Home/End move, Enter opens,
// Space toggles the selection (Shift+Space: a range), Ctrl/Cmd+A selects every listing shown,
// Esc clears the selection.
// The grid keeps the focus and points at the active row with aria-activedescendant.
import { memo, useCallback, useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventorySort } from '../../../shared/inventory';
import { useFormat } from '../hooks/useFormat';
import { useIdleWarmUp } from '../hooks/useIdleWarmUp';
import { useRowWindow } from '../hooks/useRowWindow';
import type { InventoryRows } from '../hooks/useInventoryRows';
import { nextRowIndex } from '../logic/listKeys';
import type { RowGeometry } from '../logic/rowWindow';
import { InventoryHeader } from './InventoryHeader';
import { HEADER_HEIGHT, ROW_HEIGHT } from './inventoryColumns';
import { InventoryRow } from './InventoryRow';

/**
 * Rows of one height under the sticky header, inside the same scroller. Two rows (120 px) beyond
 * each edge: every row drawn is drawn again on each keystroke's answer.
 */
const GEOMETRY: RowGeometry = { rowHeight: ROW_HEIGHT, headerHeight: HEADER_HEIGHT, overscan: 2 };

interface Props {
  rows: InventoryRows;
  sort: InventorySort;
  onSort: (sort: InventorySort) => void;
  selection: ReadonlyMap<string, unknown>;
  onToggle: (index: number, range: boolean) => void;
  onToggleAll: () => void;
  onClearSelection: () => void;
  onOpen: (reference: string) => void;
  activeIndex: number;
  onActiveIndex: (index: number) => void;
  gridRef: RefObject<HTMLDivElement | null>;
}

// Memo: the screen re-renders on every keystroke; the table's props change only when an answer
// arrives (`rows` is a new object then), or with the selection, the sort and the active row.
export const InventoryTable = memo(function InventoryTable({
  rows,
  sort,
  onSort,
  selection,
  onToggle,
  onToggleAll,
  onClearSelection,
  onOpen,
  activeIndex,
  onActiveIndex,
  gridRef,
}: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const idPrefix = useId().replace(/:/g, '');
  const total = rows.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);

  const { first, last, totalHeight, scrollToIndex } = useRowWindow(scrollRef, total, GEOMETRY);
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);
  const { ensureRange } = rows;

  useEffect(() => {
    if (total > 0 && last >= first) ensureRange(first, last);
  }, [first, last, total, ensureRange]);

  const move = useCallback(
    (index: number) => {
      onActiveIndex(index);
      scrollToIndex(index);
    },
    [onActiveIndex, scrollToIndex],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const next = nextRowIndex(e.key, activeIndex, total, pageRows);
    if (next !== null) {
      e.preventDefault();
      move(next);
      return;
    }
    const row = activeIndex >= 0 ? rows.getRow(activeIndex) : undefined;
    if (e.key === 'Enter' && row) {
      e.preventDefault();
      onOpen(row.reference);
    } else if (e.key === ' ' && row) {
      e.preventDefault();
      onToggle(activeIndex, e.shiftKey);
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      onToggleAll();
    } else if (e.key === 'Escape' && selection.size > 0) {
      e.preventDefault();
      onClearSelection();
    }
  };

  const activate = useCallback((index: number) => onActiveIndex(index), [onActiveIndex]);

  // The rows on screen, drawn at idle in a detached root, each pass with the rows shifted by one
  // and another row active and selected: the first keystroke's answer that changes the rows then
  // draws them again with that code ready (hooks/useIdleWarmUp.ts).
  const shown = indexes.map((index) => rows.getRow(index)).filter((row) => row !== undefined);
  useIdleWarmUp(shown.length > 1, (pass) =>
    shown.map((_, i) => (
      <InventoryRow
        key={i}
        index={i}
        row={shown[(i + pass) % shown.length]}
        top={i * ROW_HEIGHT}
        active={i === pass}
        selected={i === pass}
        f={f}
        t={t}
        idPrefix={`${idPrefix}-warm`}
        onActivate={activate}
        onOpen={onOpen}
        onToggle={onToggle}
      />
    )),
  );

  return (
    <div
      ref={(el) => {
        scrollRef.current = el;
        gridRef.current = el;
      }}
      className="inv-scroll"
      role="grid"
      aria-label={t('inventory.tableLabel')}
      aria-rowcount={total + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeIndex >= 0 && activeIndex < total ? `${idPrefix}-${activeIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="inventory-table"
    >
      <InventoryHeader sort={sort} onSort={onSort} selected={selection.size} total={total} onToggleAll={onToggleAll} />
      <div className="inv-body" role="rowgroup" style={{ height: totalHeight }}>
        {indexes.map((index) => {
          const row = rows.getRow(index);
          return (
            <InventoryRow
              key={index}
              index={index}
              row={row}
              top={index * ROW_HEIGHT}
              active={index === activeIndex}
              selected={row ? selection.has(row.reference) : false}
              f={f}
              t={t}
              idPrefix={idPrefix}
              onActivate={activate}
              onOpen={onOpen}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
});
