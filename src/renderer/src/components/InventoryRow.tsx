// One listing in the table (or a placeholder while its page loads).
// aria-selected for the bulk selection.
import type { TFunction } from 'i18next';
import { memo } from 'react';
import type { PortalValues } from '../../../shared/listing-columns';
import type { VehicleRowView } from '../../../shared/views';
import type { Formatters } from '../hooks/useFormat';
import { PublicationBadges } from './PublicationBadges';
import { Thumbnail } from './Thumbnail';

interface Props {
  index: number;
  row: VehicleRowView | undefined;
  top: number;
  active: boolean;
  selected: boolean;
  f: Formatters;
  /** The table's: one translation hook per list, not three per row (each drawn again on every keystroke's answer). */
  t: TFunction;
  idPrefix: string;
  onActivate: (index: number) => void;
  onOpen: (reference: string) => void;
  /** `range`: Shift was held (every row from the last one picked to this one). */
  onToggle: (index: number, range: boolean) => void;
}

type PortalOf = Record<string, (value: string | number | null) => string>;

/** The portal's values of the columns a cell shows that an open edit changed, formatted; null when none. */
/** `whole`: the cell's columns read as one value (the years as 2020/2021), the portal's where it has them, the row's otherwise. */
function portalText(row: VehicleRowView, portalOf: PortalOf, whole?: (portal: PortalValues) => string): { columns: string; text: string } | null {
  const portal = row.portalValues;
  if (portal === null) return null;
  const shown = Object.keys(portalOf).filter((column) => column in portal);
  if (shown.length === 0) return null;
  const text = whole
    ? whole(portal)
    : shown.map((column) => (portalOf[column] as (value: string | number | null) => string)(portal[column] ?? null)).join(' · ');
  return { columns: shown.join(' '), text };
}

/**
 * Under a cell whose value an open edit changed: the "pending" mark and the portal's value, as the
 * detail says it (`portalOf` formats the portal's value of each column the cell shows).
 */
function PendingNote({ row, t, portalOf }: { row: VehicleRowView; t: TFunction; portalOf: PortalOf }) {
  const portal = portalText(row, portalOf);
  if (portal === null) return null;
  const said = t('listingEdit.pending.portal', { value: portal.text });
  return (
    <span className="inv-sub inv-pending" data-pending={portal.columns} title={said}>
      <span className="badge badge--info">{t('listingEdit.pending.mark')}</span> {said}
    </span>
  );
}

/**
 * A figure in a narrow column (price, mileage, years): when an open edit changed it, the new figure
 * with a small pending mark and the portal's figure struck through under it, two lines that fit the
 * row at any zoom; the words ("pending (portal: …)") are its tooltip and what a screen reader reads.
 */
function PendingFigure({
  value,
  row,
  t,
  portalOf,
  whole,
}: {
  value: string;
  row: VehicleRowView;
  t: TFunction;
  portalOf: PortalOf;
  whole?: (portal: PortalValues) => string;
}) {
  const portal = portalText(row, portalOf, whole);
  if (portal === null) return <>{value}</>;
  const said = `${t('listingEdit.pending.mark')} ${t('listingEdit.pending.portal', { value: portal.text })}`;
  return (
    <span className="inv-pending-figure" data-pending={portal.columns} title={said}>
      <span className="inv-pending-figure__new">
        <span className="pending-mark" aria-hidden="true" />
        {value}
      </span>
      <span className="inv-pending-figure__portal" aria-hidden="true">
        {portal.text}
      </span>{' '}
      <span className="sr-only">{said}</span>
    </span>
  );
}

export const InventoryRow = memo(function InventoryRow({ index, row, top, active, selected, f, t, idPrefix, onActivate, onOpen, onToggle }: Props) {
  const style = { transform: `translateY(${top}px)` };
  if (!row) {
    return (
      <div id={`${idPrefix}-${index}`} className="inv-row inv-row--loading" role="row" aria-rowindex={index + 2} aria-busy="true" style={style}>
        <div role="gridcell" className="inv-cell inv-cell--placeholder">
          {t('inventory.loadingRow')}
        </div>
      </div>
    );
  }
  // Fuel and gearbox ride under the title (filters cover them) to keep the grid within a laptop's width.
  const subtitle = [row.brand, row.model, row.trim, row.fuel && f.enumValue('fuel', row.fuel), row.gearbox && f.enumValue('gearbox', row.gearbox)]
    .filter(Boolean)
    .join(' · ');
  const none = t('listingEdit.pending.none');
  const text = (value: string | number | null) => (value === null || value === '' ? none : String(value));
  const num = (value: string | number | null) => (typeof value === 'number' ? value : null);
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus stays on the grid, which points at this row with aria-activedescendant (InventoryTable); the mouse handlers mirror its keys
    <div
      id={`${idPrefix}-${index}`}
      className={`inv-row ${active ? 'inv-row--active' : ''} ${selected ? 'inv-row--selected' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="inventory-row"
      data-reference={row.reference}
      style={style}
      onMouseDown={() => onActivate(index)}
      onDoubleClick={() => onOpen(row.reference)}
    >
      <div role="gridcell" className="inv-cell inv-cell--select">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          // A checkbox's change comes from its click: Shift there picks a range.
          onChange={(e) => onToggle(index, (e.nativeEvent as MouseEvent).shiftKey)}
          aria-label={t('inventory.selectRow', { reference: row.reference })}
        />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--cover">
        <Thumbnail photoId={row.coverPhotoId} status={row.coverStatus} t={t} />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--title">
        <button type="button" tabIndex={-1} className="link-button inv-title" onClick={() => onOpen(row.reference)}>
          {row.title ?? t('detail.untitled')}
        </button>
        <span className="inv-sub">{subtitle}</span>
        <PendingNote
          row={row}
          t={t}
          portalOf={{
            title: text,
            fuel: (v) => (typeof v === 'string' ? f.enumValue('fuel', v) : none),
            gearbox: (v) => (typeof v === 'string' ? f.enumValue('gearbox', v) : none),
            color: (v) => (typeof v === 'string' ? f.enumValue('color', v) : none),
          }}
        />
        {row.matchedIn && (
          <span className="inv-sub inv-matched" data-testid="matched-in">
            {t(`inventory.matchedIn.${row.matchedIn.field}`, { text: row.matchedIn.text })}
          </span>
        )}
      </div>
      <div role="gridcell" className="inv-cell inv-cell--reference">
        <span className="mono">{row.reference}</span>
        {row.plate && <span className="inv-sub mono">{row.plate}</span>}
        <PendingNote row={row} t={t} portalOf={{ plate: text }} />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--modelYear inv-cell--end">
        <PendingFigure
          value={f.years(row.manufacturedYear, row.modelYear)}
          row={row}
          t={t}
          portalOf={{ manufacturedYear: text, modelYear: text }}
          whole={(portal) =>
            f.years(
              'manufacturedYear' in portal ? num(portal.manufacturedYear ?? null) : row.manufacturedYear,
              'modelYear' in portal ? num(portal.modelYear ?? null) : row.modelYear,
            )
          }
        />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--value inv-cell--end">
        <PendingFigure value={f.money(row.price)} row={row} t={t} portalOf={{ price: (v) => f.money(num(v)) }} />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--mileage inv-cell--end">
        <PendingFigure value={f.km(row.mileage)} row={row} t={t} portalOf={{ mileage: (v) => f.km(num(v)) }} />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--status">
        <PublicationBadges row={row} t={t} />
      </div>
      <div role="gridcell" className="inv-cell inv-cell--updatedAt" title={f.dateTime(row.updatedAt)}>
        {f.listDate(row.updatedAt)}
      </div>
    </div>
  );
});
