// The read shape (shared/vehicle.ts) as the write shape (listing-write.ts) names it: the trim,
// accessories and other infos by id, photos by their current address. A PUT replaces every field,
// so an edit's body is the latest read in this shape plus the dealer's fields; the edit form starts
// from it; and a field is compared across both shapes here, once.
import type { EditableField } from './listing-write';
import { normalizePlate, picturesInOrder, type Vehicle } from './vehicle';

/** A listing's writable fields as a read gives them (the video link never: reads do not carry it). */
export type WriteValues = Partial<Record<EditableField, unknown>>;

const ids = (items: ReadonlyArray<{ id: number }> | undefined): number[] | undefined => items?.map((i) => i.id);

/** The write shape of a read listing: what a PUT must send to leave it as it is. */
export function writeValuesOf(v: Vehicle): WriteValues {
  const values: WriteValues = {
    type: v.type,
    trimId: v.trim?.id,
    color: v.color,
    gearbox: v.gearbox,
    fuel: v.fuel,
    doors: v.doors,
    mileage: v.mileage,
    licensePlate: v.licensePlate,
    document: v.document,
    manufacturedYear: v.manufacturedYear,
    modelYear: v.modelYear,
    value: v.value,
    deposit: v.deposit,
    amountPerInstallment: v.amountPerInstallment,
    amountOfInstallments: v.amountOfInstallments,
    accessories: ids(v.accessories),
    otherInfos: ids(v.otherInfos),
    // The photos the portal holds, by their current address: sent again as they are.
    pictures: v.pictures === undefined ? undefined : picturesInOrder(v.pictures).map((p) => ({ source: p.source })),
    title: v.title,
    description: v.description,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** Nothing: a field left out, emptied, or null. */
const isNothing = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const sources = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((p: unknown) => (p !== null && typeof p === 'object' && 'source' in p ? String(p.source) : String(p))) : [];

/** Whether two values of a field say the same (ids as sets, photos in order, a plate however typed). */
export function sameWriteValue(field: EditableField, a: unknown, b: unknown): boolean {
  if (isNothing(a) || isNothing(b)) return isNothing(a) && isNothing(b);
  switch (field) {
    case 'accessories':
    case 'otherInfos': {
      const x = Array.isArray(a) ? [...(a as unknown[])].map(Number).sort((p, q) => p - q) : [];
      const y = Array.isArray(b) ? [...(b as unknown[])].map(Number).sort((p, q) => p - q) : [];
      return x.length === y.length && x.every((n, i) => n === y[i]);
    }
    case 'pictures': {
      const x = sources(a);
      const y = sources(b);
      return x.length === y.length && x.every((s, i) => s === y[i]);
    }
    case 'licensePlate':
      return normalizePlate(String(a)) === normalizePlate(String(b));
    case 'title':
    case 'description':
    case 'document':
      return String(a).trim() === String(b).trim();
    default:
      return a === b;
  }
}

/**
 * Whether a read shows `field` as written: the photos by the address they were sent from (a read
 * gives each photo's `originalUrl`; one the portal rejected leaves its gap, and the rest still
 * count as applied); the video link is never read, so never in doubt.
 */
export function readShows(field: EditableField, written: unknown, v: Vehicle): boolean {
  if (field === 'videoUrl') return true;
  if (field === 'pictures') {
    const sent = sources(written);
    const read = v.pictures ?? [];
    if (read.length === 0) return sent.length === 0;
    const start = read.some((p) => p.order === 0) ? 0 : 1;
    return read.every((p) => sent[p.order - start] === p.originalUrl) && Math.max(...read.map((p) => p.order)) - start < sent.length;
  }
  return sameWriteValue(field, written, writeValuesOf(v)[field]);
}
