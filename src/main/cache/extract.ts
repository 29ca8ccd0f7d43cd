// From a parsed vehicle to the columns the inventory filters and sorts on, and to the text the
// search indexes; and the hash that tells a listing's JSON changed. Pure: the store writes what
// this returns.
import { createHash } from 'node:crypto';
import { listingTitle, normalizePlate, picturesInOrder, rejectedPicturePositions, type ParsedVehicle } from '../../shared/vehicle';

export interface VehicleColumns {
  reference: string;
  /** The title as shown (shared/vehicle.ts, listingTitle): an untitled listing's brand, model and year. */
  title: string | null;
  brand: string | null;
  brand_id: number | null;
  model_id: number | null;
  trim: string | null;
  type: string | null;
  fuel: string | null;
  gearbox: string | null;
  color: string | null;
  manufactured_year: number | null;
  model_year: number | null;
  value: number | null;
  mileage: number | null;
  brand_new: number | null;
  active: number | null;
  /** null when the publication field could not be read: the store keeps what it knew. */
  published: number | null;
  highlighted: number | null;
  updated_at: string | null;
  updated_ms: number | null;
  picture_count: number;
  rejected_photo_count: number;
  has_problems: number;
  problem_count: number;
  url: string | null;
  plate: string | null;
  plate_normalized: string | null;
  cover_url: string | null;
  /** The description's length in characters (the insights' short descriptions). */
  description_length: number;
  /** 1 when the listing has installments (a count and an amount, both above 0): what a repricing tells the dealer it leaves as they are. */
  financed: number;
}

const bool = (b: boolean | undefined): number | null => (b === undefined ? null : b ? 1 : 0);

export function vehicleColumns({ reference, vehicle: v, problems }: ParsedVehicle): VehicleColumns {
  const updatedMs = v.updatedAt === undefined ? NaN : Date.parse(v.updatedAt);
  const plate = v.licensePlate ?? null;
  const plateNormalized = plate === null ? '' : normalizePlate(plate);
  const publicationKnown = v.publication !== undefined;
  return {
    reference,
    title: listingTitle(v),
    brand: v.brand?.name ?? null,
    brand_id: v.brand?.id ?? null,
    model_id: v.trim?.modelId ?? null,
    trim: v.trim?.name ?? null,
    type: v.type ?? null,
    fuel: v.fuel ?? null,
    gearbox: v.gearbox ?? null,
    color: v.color ?? null,
    manufactured_year: v.manufacturedYear ?? null,
    model_year: v.modelYear ?? null,
    value: v.value ?? null,
    mileage: v.mileage ?? null,
    brand_new: bool(v.brandNew),
    active: bool(v.active),
    published: publicationKnown ? (v.publication === null ? 0 : 1) : null,
    highlighted: publicationKnown ? (v.publication?.highlighted === true ? 1 : 0) : null,
    updated_at: v.updatedAt ?? null,
    updated_ms: Number.isFinite(updatedMs) ? updatedMs : null,
    picture_count: v.pictures?.length ?? 0,
    rejected_photo_count: rejectedPicturePositions(v.pictures).length,
    has_problems: problems.length > 0 ? 1 : 0,
    problem_count: problems.length,
    url: v.url ?? null,
    plate,
    plate_normalized: plateNormalized === '' ? null : plateNormalized,
    cover_url: picturesInOrder(v.pictures)[0]?.source ?? null,
    // In code points, as SQLite's length() counts them (schema 14 filled the column with it).
    description_length: typeof v.description === 'string' ? Array.from(v.description).length : 0,
    financed: (v.amountOfInstallments ?? 0) > 0 && (v.amountPerInstallment ?? 0) > 0 ? 1 : 0,
  };
}

/**
 * The plate as one word ("ABC1D23") and, for Brazilian plates, also cut after the letters
 * ("ABC 1D23"), so a plate stored without its dash is found typed with one, or by its end.
 */
export function plateWords(plate: string): string {
  const compact = normalizePlate(plate);
  const brazilian = /^([A-Z]{3})([0-9][0-9A-Z]{3})$/.exec(compact);
  return brazilian ? `${compact} ${brazilian[1]} ${brazilian[2]}` : compact;
}

/**
 * The text the search indexes for a listing, as one document: the index keeps no columns
 * (detail=none, and every search looks at all of it), and one value a row is markedly cheaper to
 * index than eight. The plate goes in as typed and as `plateWords`: "ABC-1D23" indexes as "abc"
 * + "1d23" and as "abc1d23", so either way of typing it finds it.
 */
export function searchText({ reference, vehicle: v }: ParsedVehicle): string {
  const parts = [v.title ?? '', v.description ?? '', reference, v.brand?.name ?? '', v.trim?.name ?? ''];
  const plate = v.licensePlate ?? '';
  if (plate !== '') parts.push(plate, plateWords(plate));
  for (const item of v.accessories ?? []) parts.push(item.name);
  for (const item of v.otherInfos ?? []) parts.push(item.name);
  // A line break is no part of a word: the pieces never run together into one term.
  return parts.join('\n');
}

/** Identifies a listing's JSON text: equal hashes, same text (SHA-1, 28 characters). */
export function rawHash(raw: string): string {
  return createHash('sha1').update(raw).digest('base64');
}

/**
 * A listing's stored or staged JSON text, parsed. The text always came from JSON.stringify; should
 * it ever not parse, the text itself is returned: parseVehicle then keeps it as a listing with a
 * problem, under a stand-in key of its own.
 */
/** True when `text` is JSON (a stored listing that is not was damaged on disk). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function parseStoredJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
