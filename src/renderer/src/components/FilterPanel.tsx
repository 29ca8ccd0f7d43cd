// Every filter of the inventory, each with its count: lists of values, ranges and yes/no flags.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENTION_VALUES, isSuggestion, type AttentionValue } from '../../../shared/attention';
import { dimensionsOf, PORTAL_STATES, type FacetCounts, type InventoryFilters, type PortalState } from '../../../shared/inventory-filters';
import { useFormat } from '../hooks/useFormat';
import { useModelLabel } from '../hooks/useModelLabel';
import { countActiveFilters, setFlag, setRange, toggleListValue } from '../logic/filters';
import { AgeFilter } from './AgeFilter';
import { FilterList } from './FilterList';
import { FlagFilter } from './FlagFilter';
import { RangeFilter } from './RangeFilter';

interface Props {
  facets: FacetCounts | null;
  filters: InventoryFilters;
  onChange: (filters: InventoryFilters) => void;
}

const PORTAL_LABEL = { on: 'filters.portalOn', off: 'filters.portalOff', pending: 'filters.portalPending' } as const satisfies Record<PortalState, string>;
/** Every yes/no filter, in the dimensions' table order: a new one shows here with no change. */
const FLAGS = dimensionsOf('flag');

// Memo: the screen re-renders on every keystroke and every answer; the panel's props change only
// when the counts or the filters do (about a hundred options, not worth redrawing per key).
export const FilterPanel = memo(function FilterPanel({ facets, filters, onChange }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const modelLabel = useModelLabel();
  const active = countActiveFilters(filters);
  // A suggestion says it is one, as Needs attention does: its count is not in the badge's.
  const attentionLabel = (v: AttentionValue): string => {
    const reason = t(`codes.attentionReason.${v}`);
    return isSuggestion(v) ? t('filters.suggestion', { reason }) : reason;
  };
  return (
    <aside className="filter-panel" aria-label={t('inventory.filters')} data-testid="filter-panel">
      <div className="filter-panel__head">
        <h2>{t('inventory.filters')}</h2>
        {active > 0 && (
          <button type="button" className="link-button small" onClick={() => onChange({})}>
            {t('inventory.clearFilters')}
          </button>
        )}
      </div>
      <FilterList
        format={f.number}
        title={t('filters.portal')}

        counts={PORTAL_STATES.map((s) => ({ value: s, count: facets?.portal[s] ?? 0 }))}
        selected={filters.portal ?? []}
        label={(v) => t(PORTAL_LABEL[v as PortalState])}
        onToggle={(v) => onChange(toggleListValue(filters, 'portal', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.attention')}
        // Only the reasons some listing has (a ticked one stays, FilterList keeps it): nine refusals at (0) hid the reasons that matter below the fold.
        counts={ATTENTION_VALUES.map((v) => ({ value: v, count: facets?.attention[v] ?? 0 })).filter((c) => c.value === 'none' || c.count > 0)}
        selected={filters.attention ?? []}
        label={(v) => attentionLabel(v as AttentionValue)}
        onToggle={(v) => onChange(toggleListValue(filters, 'attention', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.type')}
        counts={facets?.type ?? []}
        selected={filters.type ?? []}
        label={(v) => f.enumValue('type', v)}
        onToggle={(v) => onChange(toggleListValue(filters, 'type', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.brand')}
        counts={facets?.brand ?? []}
        selected={filters.brand ?? []}
        label={(v) => v}
        onToggle={(v) => onChange(toggleListValue(filters, 'brand', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.model')}
        counts={facets?.model ?? []}
        selected={filters.model ?? []}
        label={modelLabel}
        onToggle={(v) => onChange(toggleListValue(filters, 'model', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.fuel')}
        counts={facets?.fuel ?? []}
        selected={filters.fuel ?? []}
        label={(v) => f.enumValue('fuel', v)}
        onToggle={(v) => onChange(toggleListValue(filters, 'fuel', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.gearbox')}
        counts={facets?.gearbox ?? []}
        selected={filters.gearbox ?? []}
        label={(v) => f.enumValue('gearbox', v)}
        onToggle={(v) => onChange(toggleListValue(filters, 'gearbox', v))}
      />
      <FilterList
        format={f.number}
        title={t('filters.color')}
        counts={facets?.color ?? []}
        selected={filters.color ?? []}
        label={(v) => f.enumValue('color', v)}
        onToggle={(v) => onChange(toggleListValue(filters, 'color', v))}
      />
      <RangeFilter
        title={t('filters.year')}
        value={filters.year}
        bounds={facets?.year}
        format={String}
        onChange={(r) => onChange(setRange(filters, 'year', r))}
      />
      <RangeFilter
        title={t('filters.price')}
        value={filters.price}
        bounds={facets?.price}
        format={(n) => f.number(n)}
        onChange={(r) => onChange(setRange(filters, 'price', r))}
      />
      <RangeFilter
        title={t('filters.mileage')}
        value={filters.mileage}
        bounds={facets?.mileage}
        format={(n) => f.number(n)}
        onChange={(r) => onChange(setRange(filters, 'mileage', r))}
      />
      <AgeFilter value={filters.age} bounds={facets?.age} onChange={(r) => onChange(setRange(filters, 'age', r))} />
      <RangeFilter
        title={t('filters.priceAge')}
        value={filters.priceAge}
        bounds={facets?.priceAge}
        format={(n) => f.number(n)}
        onChange={(r) => onChange(setRange(filters, 'priceAge', r))}
      />
      <fieldset className="filter-group">
        <legend>{t('filters.flags')}</legend>
        {FLAGS.map((key) => (
          <FlagFilter key={key} label={t(`filters.${key}`)} value={filters[key]} counts={facets?.[key]} onChange={(v) => onChange(setFlag(filters, key, v))} />
        ))}
      </fieldset>
    </aside>
  );
});
