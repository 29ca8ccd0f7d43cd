// The inventory table's columns: what each sorts on and how wide it is (CSS grid tracks).
import type { SortField } from '../../../shared/inventory';

export type ColumnKey = 'reference' | 'title' | 'modelYear' | 'value' | 'mileage' | 'status' | 'updatedAt';

export interface Column {
  key: ColumnKey;
  sort: SortField;
  /** First click sorts this way. */
  firstDirection: 'asc' | 'desc';
  align?: 'end';
}

export const COLUMNS: readonly Column[] = [
  { key: 'title', sort: 'title', firstDirection: 'asc' },
  { key: 'reference', sort: 'reference', firstDirection: 'asc' },
  { key: 'modelYear', sort: 'modelYear', firstDirection: 'desc', align: 'end' },
  { key: 'value', sort: 'value', firstDirection: 'desc', align: 'end' },
  { key: 'mileage', sort: 'mileage', firstDirection: 'asc', align: 'end' },
  { key: 'status', sort: 'portal', firstDirection: 'asc' },
  { key: 'updatedAt', sort: 'updatedAt', firstDirection: 'desc' },
];

export const ROW_HEIGHT = 60;
/** Must match .inv-row--header's height in styles.css. */
export const HEADER_HEIGHT = 40;
