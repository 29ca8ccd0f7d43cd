// SQLite rows to the shapes the inventory screen uses.
import { ATTENTION_MASK_SQL, reasonsOfMask } from '../../shared/attention';
import { overlaid, PORTAL_STATE_SQL } from '../../shared/pending-changes';
import { STOCK_AT_LEAST_SQL, STOCK_DAYS_SQL } from '../../shared/stock-age';
import type { NotOnPortalReason, PhotoStatus, PortalState, VehicleRow } from '../../shared/inventory';
import type { VehicleColumns } from './extract';

/** Columns a list row needs, as the open pending changes overlay them; the cover photo comes from a join on the photo cache. */
export const ROW_SELECT = `v.reference, ${overlaid('title', 'v.title')} AS title, v.brand, v.trim, v.model_id, v.type,
  ${overlaid('fuel', 'v.fuel')} AS fuel, ${overlaid('gearbox', 'v.gearbox')} AS gearbox, ${overlaid('color', 'v.color')} AS color,
  ${overlaid('manufacturedYear', 'v.manufactured_year')} AS manufactured_year, ${overlaid('modelYear', 'v.model_year')} AS model_year,
  ${overlaid('value', 'v.value')} AS value, ${overlaid('mileage', 'v.mileage')} AS mileage, v.brand_new, v.active,
  ${PORTAL_STATE_SQL} AS portal_state, ${overlaid('highlighted', 'v.highlighted')} AS highlighted,
  v.updated_at, v.picture_count, v.rejected_photo_count, v.has_problems, v.problem_count, v.off_cause, v.url, ${overlaid('plate', 'v.plate')} AS plate,
  v.cover_url, p.id AS cover_photo_id, p.status AS cover_status, ${ATTENTION_MASK_SQL} AS attention_mask,
  ${STOCK_DAYS_SQL} AS stock_days, ${STOCK_AT_LEAST_SQL} AS stock_at_least`;
export const ROW_FROM = 'vehicles v LEFT JOIN photos p ON p.source_url = v.cover_url';

/** A list row as SQLite returns it: the extracted columns it selects, plus local state and the cover's join. */
export interface DbVehicleRow extends Pick<
  VehicleColumns,
  | 'reference'
  | 'title'
  | 'brand'
  | 'trim'
  | 'model_id'
  | 'type'
  | 'fuel'
  | 'gearbox'
  | 'color'
  | 'manufactured_year'
  | 'model_year'
  | 'value'
  | 'mileage'
  | 'brand_new'
  | 'active'
  | 'updated_at'
  | 'picture_count'
  | 'rejected_photo_count'
  | 'has_problems'
  | 'problem_count'
  | 'url'
  | 'plate'
  | 'cover_url'
> {
  portal_state: PortalState;
  highlighted: number;
  off_cause: NotOnPortalReason | null;
  cover_photo_id: number | null;
  cover_status: PhotoStatus | null;
  attention_mask: number;
  stock_days: number | null;
  stock_at_least: number;
}

const flag = (n: number | null): boolean | null => (n === null ? null : n === 1);

export function toVehicleRow(r: DbVehicleRow): VehicleRow {
  return {
    reference: r.reference,
    title: r.title,
    brand: r.brand,
    trim: r.trim,
    modelId: r.model_id,
    type: r.type,
    fuel: r.fuel,
    gearbox: r.gearbox,
    color: r.color,
    manufacturedYear: r.manufactured_year,
    modelYear: r.model_year,
    value: r.value,
    mileage: r.mileage,
    brandNew: flag(r.brand_new),
    active: flag(r.active),
    portal: r.portal_state,
    highlighted: r.highlighted === 1,
    updatedAt: r.updated_at,
    pictureCount: r.picture_count,
    rejectedPhotoCount: r.rejected_photo_count,
    hasProblems: r.has_problems === 1,
    problemCount: r.problem_count,
    notOnPortalReason: r.portal_state === 'off' ? r.off_cause : null,
    url: r.url,
    plate: r.plate,
    attention: reasonsOfMask(r.attention_mask),
    daysInStock: r.stock_days,
    daysInStockAtLeast: r.stock_at_least === 1,
    cover: r.cover_url === null ? null : { source: r.cover_url, photoId: r.cover_photo_id, status: r.cover_status },
  };
}
