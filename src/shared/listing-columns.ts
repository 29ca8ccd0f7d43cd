// A listing's columns, declared once. From this table come the list row (the SQL that selects it,
// how SQLite's values read, and its TypeScript type: main/cache/rows.ts), the row the renderer and
// `search --json` get (main/account-session/views.ts), the fields `showroom show` prints, the
// columns of an export (main/export/columns.ts) and the fields a sync compares for the change list
// (shared/listing-changes.ts). Adding a field: one entry here, its label in both dictionaries.
// test/shared/listing-columns checks that every consumer derives from it.
//
// Words: the portal and the database say `value`; the dealer says price. The portal's word stays
// where the portal's data is (the SQL below, the listing's JSON and its tolerant parse `Vehicle`);
// everything Showroom names itself says `price` (the row, the view, JSON the CLI prints, the
// change list, export headers). A trim is a trim (the portal's `trim`; "versão" in Portuguese).
import { ATTENTION_MASK_SQL, reasonsOfMask } from './attention';
import type { Messages } from './i18n/en';
import { OFF_REASON_SQL, type NotOnPortalReason } from './insights';
import type { PhotoStatus, PortalState } from './inventory';
import type { ChangeFieldSpec } from './listing-changes';
import { overlaid, portalValuesSql, PORTAL_STATE_SQL, type OverlayField } from './pending-changes';
import { PRICE_DAYS_SQL } from './price-history';
import { STOCK_AT_LEAST_SQL, STOCK_DAYS_SQL } from './stock-age';
import { picturesInOrder, type Vehicle, type VehicleField } from './vehicle';
import { doorCount, downPayment, installments, type Fact } from './vehicle-facts';

/** The first picture in display order: its source address and, once registered in the photo cache, its id and status. */
export interface CoverPhoto {
  source: string;
  photoId: number | null;
  status: PhotoStatus | null;
}

/** The portal's value of each column of a row that an open change shows pending (the row has the pending one), by column name. */
export type PortalValues = Readonly<Record<string, string | number | null>>;

/** How SQLite's value of a row column reads in the row (each reader's parameter is SQLite's type, its result the row's). */
const READERS = {
  key: (v: string) => v,
  text: (v: string | null) => v,
  number: (v: number | null) => v,
  count: (v: number) => v,
  /** 1, 0 or unknown. */
  flag: (v: number | null): boolean | null => (v === null ? null : v === 1),
  /** 1 or anything else. */
  yes: (v: number): boolean => v === 1,
  portal: (v: PortalState) => v,
  offReason: (v: NotOnPortalReason | null) => v,
  attention: (v: number) => reasonsOfMask(v),
  cover: (v: string | null): CoverPhoto | null => (v === null ? null : (JSON.parse(v) as CoverPhoto)),
  portalValues: (v: string | null): PortalValues | null => {
    const pairs = v === null ? [] : (JSON.parse(v) as Array<[string, string | number | null]>);
    return pairs.length === 0 ? null : Object.fromEntries(pairs);
  },
} as const;
type Readers = typeof READERS;
export type RowRead = keyof Readers;

/**
 * How the dealer reads a value: `code` is one of the portal's codes shown as the app's word (the
 * column's name is its `enums.*` kind), `list` named items, `links` addresses one a line,
 * `portal` where the listing stands on the portal.
 */
export type ColumnFormat = 'text' | 'code' | 'year' | 'count' | 'km' | 'days' | 'money' | 'flag' | 'datetime' | 'list' | 'links' | 'portal';

/** A listing's value as read from the listing itself: NONE where the portal's placeholder means the listing has none (vehicle-facts.ts). */
export const NONE = Symbol('none');
export type ListingValue = string | number | boolean | null | typeof NONE;

export interface ListingColumn {
  /** Its label, in the dictionaries (a column the dealer reads: shown, exported, compared). */
  label?: (m: Messages) => string;
  format: ColumnFormat;
  /**
   * In every list row: `sql` over `vehicles v` and the cover's join `p` (a fixed fragment), read
   * with `read`; `overlay`: an open change may show another value (`base` is the portal's).
   */
  row?: { sql: string; read: RowRead; overlay?: { field: OverlayField; base: string } };
  /**
   * The listing's field as the portal sent it, and how it reads from the tolerant parse (default:
   * the field as it is). `show` prints these; the export reads from here what the row lacks.
   */
  listing?: { field: VehicleField; read?: (v: Vehicle) => ListingValue };
  /** In the rows the renderer and `search --json` get. */
  view?: true;
  /** A column of the export, this many characters wide in XLSX. */
  export?: number;
  /** A sync compares it between the stored listing and the one it reads (the change list). */
  change?: ChangeFieldSpec;
}

const fact = <T>(value: Fact<T>, as: (v: T) => ListingValue): ListingValue => (value === undefined ? null : value === 'none' ? NONE : as(value));
const names = (items: ReadonlyArray<{ name: string }> | undefined): string | null => items?.map((a) => a.name).join(', ') || null;

/** The listing's model as the catalogue names it, once a sync has mirrored its brand's models (the portal's listing carries only the model's id). */
const MODEL_NAME_SQL = "(SELECT min(c.name) FROM catalogue_items c WHERE c.list = 'models' AND c.id = v.model_id)";

/** A row column an open change may overlay: the pending value while one shows it, the portal's (`base`) otherwise. */
const overlaidRow = <R extends RowRead>(field: OverlayField, base: string, read: R) => ({ sql: overlaid(field, base), read, overlay: { field, base } });

/** In a dealer's reading order: the export's columns and `show`'s fields follow it. */
export const LISTING_COLUMNS = {
  reference: {
    label: (m) => m.detail.fields.reference,
    format: 'text',
    row: { sql: 'v.reference', read: 'key' },
    listing: { field: 'reference' },
    view: true,
    export: 16,
  },
  title: {
    label: (m) => m.detail.fields.title,
    format: 'text',
    row: overlaidRow('title', 'v.title', 'text'),
    listing: { field: 'title' },
    view: true,
    export: 40,
    change: { column: 'title', format: 'text', order: 8 },
  },
  brand: {
    label: (m) => m.detail.fields.brand,
    format: 'text',
    row: { sql: 'v.brand', read: 'text' },
    listing: { field: 'brand', read: (v) => (v.brand ? `${v.brand.name} (${v.brand.vehicleType})` : null) },
    view: true,
    export: 14,
  },
  model: {
    label: (m) => m.detail.fields.model,
    format: 'text',
    row: { sql: MODEL_NAME_SQL, read: 'text' },
    view: true,
    export: 16,
  },
  trim: {
    label: (m) => m.detail.fields.trim,
    format: 'text',
    row: { sql: 'v.trim', read: 'text' },
    listing: { field: 'trim', read: (v) => v.trim?.name ?? null },
    view: true,
    export: 20,
    change: { column: 'trim', format: 'text', order: 9 },
  },
  modelId: { format: 'count', row: { sql: 'v.model_id', read: 'number' } },
  type: { label: (m) => m.detail.fields.type, format: 'code', row: { sql: 'v.type', read: 'text' }, listing: { field: 'type' }, view: true, export: 10 },
  fuel: {
    label: (m) => m.detail.fields.fuel,
    format: 'code',
    row: overlaidRow('fuel', 'v.fuel', 'text'),
    listing: { field: 'fuel' },
    view: true,
    export: 12,
  },
  gearbox: {
    label: (m) => m.detail.fields.gearbox,
    format: 'code',
    row: overlaidRow('gearbox', 'v.gearbox', 'text'),
    listing: { field: 'gearbox' },
    view: true,
    export: 11,
  },
  color: {
    label: (m) => m.detail.fields.color,
    format: 'code',
    row: overlaidRow('color', 'v.color', 'text'),
    listing: { field: 'color' },
    view: true,
    export: 11,
    change: { column: 'color', format: 'text', order: 11 },
  },
  manufacturedYear: {
    label: (m) => m.detail.fields.manufacturedYear,
    format: 'year',
    row: overlaidRow('manufacturedYear', 'v.manufactured_year', 'number'),
    listing: { field: 'manufacturedYear' },
    view: true,
    export: 8,
  },
  modelYear: {
    label: (m) => m.detail.fields.modelYear,
    format: 'year',
    row: overlaidRow('modelYear', 'v.model_year', 'number'),
    listing: { field: 'modelYear' },
    view: true,
    export: 8,
    change: { column: 'model_year', format: 'number', order: 10 },
  },
  price: {
    label: (m) => m.detail.fields.value,
    format: 'money',
    row: overlaidRow('value', 'v.value', 'number'),
    listing: { field: 'value' },
    view: true,
    export: 14,
    change: { column: 'value', format: 'money', order: 1 },
  },
  mileage: {
    label: (m) => m.detail.fields.mileage,
    format: 'km',
    row: overlaidRow('mileage', 'v.mileage', 'number'),
    listing: { field: 'mileage' },
    view: true,
    export: 10,
    change: { column: 'mileage', format: 'number', order: 5 },
  },
  brandNew: {
    label: (m) => m.detail.fields.brandNew,
    format: 'flag',
    row: { sql: 'v.brand_new', read: 'flag' },
    listing: { field: 'brandNew' },
    view: true,
    export: 8,
  },
  doors: { label: (m) => m.detail.fields.doors, format: 'count', listing: { field: 'doors', read: (v) => doorCount(v) ?? null }, export: 7 },
  plate: {
    label: (m) => m.detail.fields.licensePlate,
    format: 'text',
    row: overlaidRow('plate', 'v.plate', 'text'),
    listing: { field: 'licensePlate' },
    view: true,
    export: 10,
  },
  document: { label: (m) => m.detail.fields.document, format: 'text', listing: { field: 'document' }, export: 14 },
  amountPerInstallment: {
    label: (m) => m.detail.fields.amountPerInstallment,
    format: 'money',
    listing: { field: 'amountPerInstallment', read: (v) => fact(installments(v), (i) => i.amount ?? null) },
    export: 14,
  },
  amountOfInstallments: {
    label: (m) => m.detail.fields.amountOfInstallments,
    format: 'count',
    listing: { field: 'amountOfInstallments', read: (v) => fact(installments(v), (i) => i.count ?? null) },
    export: 10,
  },
  deposit: {
    label: (m) => m.detail.fields.deposit,
    format: 'money',
    listing: { field: 'deposit', read: (v) => fact(downPayment(v), (d) => d) },
    export: 14,
  },
  description: { label: (m) => m.detail.fields.description, format: 'text', listing: { field: 'description' }, export: 60 },
  accessories: { label: (m) => m.detail.fields.accessories, format: 'list', listing: { field: 'accessories', read: (v) => names(v.accessories) }, export: 40 },
  otherInfos: { label: (m) => m.detail.fields.otherInfos, format: 'list', listing: { field: 'otherInfos', read: (v) => names(v.otherInfos) }, export: 30 },
  active: {
    label: (m) => m.detail.fields.active,
    format: 'flag',
    row: { sql: 'v.active', read: 'flag' },
    listing: { field: 'active' },
    view: true,
    export: 8,
    change: { column: 'active', format: 'flag', order: 4 },
  },
  portal: {
    label: (m) => m.export.columns.portal,
    format: 'portal',
    row: { sql: PORTAL_STATE_SQL, read: 'portal' },
    export: 22,
    change: { column: 'published', format: 'flag', order: 2 },
  },
  /** Why it is off the portal, when a sync saw it leave (null while on the portal, or when it was never seen on it). */
  notOnPortalReason: { format: 'text', row: { sql: `(CASE WHEN v.published = 0 THEN ${OFF_REASON_SQL} END)`, read: 'offReason' } },
  highlighted: {
    label: (m) => m.filters.highlighted,
    format: 'flag',
    row: overlaidRow('highlighted', 'v.highlighted', 'yes'),
    export: 10,
    change: { column: 'highlighted', format: 'flag', order: 3 },
  },
  pictureCount: {
    label: (m) => m.export.columns.photos,
    format: 'count',
    row: { sql: 'v.picture_count', read: 'count' },
    view: true,
    export: 7,
    change: { column: 'picture_count', format: 'number', order: 6 },
  },
  rejectedPhotoCount: {
    label: (m) => m.export.columns.rejectedPhotos,
    format: 'count',
    row: { sql: 'v.rejected_photo_count', read: 'count' },
    view: true,
    export: 9,
    change: { column: 'rejected_photo_count', format: 'number', order: 7 },
  },
  photoLinks: {
    label: (m) => m.export.columns.photoLinks,
    format: 'links',
    listing: {
      field: 'pictures',
      read: (v) =>
        picturesInOrder(v.pictures)
          .map((p) => p.source)
          .join('\n') || null,
    },
    export: 60,
  },
  hasProblems: { format: 'flag', row: { sql: 'v.has_problems', read: 'yes' } },
  problemCount: { label: (m) => m.export.columns.problems, format: 'count', row: { sql: 'v.problem_count', read: 'count' }, view: true, export: 9 },
  /** Why the listing needs the dealer, most urgent first (shared/attention.ts); empty when it does not. */
  attention: { format: 'text', row: { sql: ATTENTION_MASK_SQL, read: 'attention' }, view: true },
  /** Whole days in stock (shared/stock-age.ts), null when no date is known for it. */
  daysInStock: { label: (m) => m.filters.age, format: 'days', row: { sql: STOCK_DAYS_SQL, read: 'number' }, export: 8 },
  /** The listing was there at the account's first sync: it has been in stock at least `daysInStock` days. */
  daysInStockAtLeast: { format: 'flag', row: { sql: STOCK_AT_LEAST_SQL, read: 'yes' } },
  /** Whole days at the current price (shared/price-history.ts), null before a sync recorded one. */
  daysAtPrice: { label: (m) => m.filters.priceAge, format: 'days', row: { sql: PRICE_DAYS_SQL, read: 'number' }, view: true, export: 8 },
  url: {
    label: (m) => m.detail.fields.url,
    format: 'text',
    row: { sql: 'v.url', read: 'text' },
    listing: { field: 'url' },
    export: 40,
    change: { column: 'url', format: 'text', alone: true, order: 12 },
  },
  updatedAt: {
    label: (m) => m.detail.fields.updatedAt,
    format: 'datetime',
    row: { sql: 'v.updated_at', read: 'text' },
    listing: { field: 'updatedAt' },
    view: true,
    export: 17,
    change: { column: 'updated_at', format: 'date', alone: true, order: 13 },
  },
  /**
   * The portal's value of each column of the row that an open change shows pending (null: none),
   * so the list marks it pending with the portal's value beside it, as the detail does. The
   * columns: those of the view an overlay may set (the table's own `overlay`s).
   */
  portalValues: {
    format: 'text',
    row: {
      get sql(): string {
        return portalValuesSql(pendingColumns());
      },
      read: 'portalValues',
    },
    view: true,
  },
  cover: {
    format: 'text',
    row: {
      sql: `CASE WHEN v.cover_url IS NOT NULL THEN json_object('source', v.cover_url, 'photoId', p.id, 'status', p.status) END`,
      read: 'cover',
    },
  },
} as const satisfies Record<string, ListingColumn>;

/** The view's columns an open change may overlay, with the overlay's field and the portal's value. */
function pendingColumns(): Array<{ name: string; field: OverlayField; base: string }> {
  return COLUMN_NAMES.flatMap((name) => {
    const column = listingColumn(name);
    const overlay = column.row?.overlay;
    return overlay !== undefined && column.view ? [{ name, ...overlay }] : [];
  });
}

type Columns = typeof LISTING_COLUMNS;
export type ColumnName = keyof Columns;
/** Every column, in the table's order. */
export const COLUMN_NAMES = Object.keys(LISTING_COLUMNS) as ColumnName[];

/** A column's entry as the general type (the table's literal types are narrower than a loop needs). */
export function listingColumn(name: ColumnName): ListingColumn {
  return LISTING_COLUMNS[name];
}

/** The columns that have `property`, in the table's order. */
type NamesWith<P extends keyof ListingColumn> = { [K in ColumnName]: Columns[K] extends Record<P, unknown> ? K : never }[ColumnName];
const namesWith = <P extends keyof ListingColumn>(property: P): NamesWith<P>[] =>
  COLUMN_NAMES.filter((name) => listingColumn(name)[property] !== undefined) as NamesWith<P>[];

export type RowColumn = NamesWith<'row'>;
export type ViewColumn = NamesWith<'view'>;
export type ChangeColumn = NamesWith<'change'>;
type ReadOf<K extends RowColumn> = Readers[Columns[K]['row']['read']];

/** One line of the inventory list: the compact columns, never the raw JSON. */
export type VehicleRow = { [K in RowColumn]: ReturnType<ReadOf<K>> };
/** A list row as SQLite returns it (each column under the row's name). */
export type DbVehicleRow = { [K in RowColumn]: Parameters<ReadOf<K>>[0] };

export const ROW_COLUMNS = namesWith('row');
export const VIEW_COLUMNS = namesWith('view');
export const CHANGE_COLUMNS = namesWith('change');
/** The fields `show` prints, in order (the photos have their own section). */
export const LISTING_FIELDS = namesWith('listing').filter((name) => listingColumn(name).format !== 'links');
export const EXPORTED_COLUMNS = namesWith('export');

/** The list row's columns as SQL, each under its name. */
export const ROW_SELECT_SQL = ROW_COLUMNS.map((name) => `${LISTING_COLUMNS[name].row.sql} AS "${name}"`).join(',\n  ');

/** A row as SQLite returns it, read into the row's types. */
export function readRow(db: DbVehicleRow): VehicleRow {
  const row: Record<string, unknown> = {};
  for (const name of ROW_COLUMNS) row[name] = (READERS[LISTING_COLUMNS[name].row.read] as (v: unknown) => unknown)(db[name]);
  return row as VehicleRow;
}

/** A column's value read from the listing as the portal sent it. */
export function listingValue(name: ColumnName, v: Vehicle): ListingValue {
  const listing = listingColumn(name).listing;
  if (listing === undefined) return null;
  if (listing.read !== undefined) return listing.read(v);
  const value = v[listing.field];
  return value === undefined || typeof value === 'object' ? null : value;
}
