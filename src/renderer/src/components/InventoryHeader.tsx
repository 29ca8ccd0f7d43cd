// Column headers: every header is a button that sorts (again: reverses).
// aria-sort on the columnheader.
import { useTranslation } from 'react-i18next';
import type { InventorySort } from '../../../shared/inventory';
import { MAX_SELECTION } from '../hooks/useSelection';
import { COLUMNS } from './inventoryColumns';

interface Props {
  sort: InventorySort;
  onSort: (sort: InventorySort) => void;
  /** How many listings are selected, of the `total` shown. */
  selected: number;
  total: number;
  onToggleAll: () => void;
}

export function InventoryHeader({ sort, onSort, selected, total, onToggleAll }: Props) {
  const { t } = useTranslation();
  const all = total > 0 && selected >= Math.min(total, MAX_SELECTION);
  return (
    <div className="inv-row inv-row--header" role="row" aria-rowindex={1}>
      <div role="columnheader" className="inv-cell inv-cell--select">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = selected > 0 && !all;
          }}
          disabled={total === 0}
          onChange={onToggleAll}
          aria-label={t('inventory.selectAll', { count: total })}
          title={`${t('inventory.selectAll', { count: total })} (Ctrl+A)`}
        />
      </div>
      <div role="columnheader" className="inv-cell inv-cell--cover">
        <span className="sr-only">{t('inventory.columns.cover')}</span>
      </div>
      {COLUMNS.map((c) => {
        const active = sort.field === c.sort;
        const label = t(`inventory.columns.${c.key}`);
        return (
          <div
            key={c.key}
            role="columnheader"
            className={`inv-cell inv-cell--${c.key} ${c.align === 'end' ? 'inv-cell--end' : ''}`}
            aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <button
              type="button"
              className={`sort-button ${active ? 'sort-button--active' : ''}`}
              title={t('inventory.sortBy', { column: label })}
              onClick={() => onSort(active ? { field: c.sort, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { field: c.sort, dir: c.firstDirection })}
            >
              {label}
              <span className="sort-button__arrow" aria-hidden="true">
                {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
