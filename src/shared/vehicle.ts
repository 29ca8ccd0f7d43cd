// The vehicle as the portal sends it (portal-api-v2.md, "Vehicle"), parsed tolerantly.
// Data from the portal is `unknown` until parsed here. One bad field never loses the others:
// each field is parsed on its own, a field that fails is left undefined and named in
// `problems`, and the raw JSON is always kept beside the parsed view by the cache.
import { z } from 'zod';
import { jsonText } from './json';

/** Values the production portal documents (portal-notes.md). Every enum is open: an unknown value is shown as it came. */
export const KNOWN_FUELS = ['ETHANOL', 'GASOLINE', 'DIESEL', 'FLEX', 'GNV+ETHANOL', 'GNV+GASOLINE', 'GNV+FLEX', 'HYBRID', 'ELETRIC', 'GNV'] as const;
export const KNOWN_GEARBOXES = ['AUTOMATIC', 'MANUAL'] as const;
export const KNOWN_COLORS = [
  'BLACK',
  'RED',
  'SILVER',
  'GREEN',
  'YELLOW',
  'BLUE',
  'METALLIC_WHITE',
  'GREY',
  'LEAD',
  'BEIGE',
  'ORANGE',
  'BURGUNDY',
  'BROWN',
  'GOLDEN',
  'PURPLE',
  'PINK',
  'MULTICOLORED',
  'OTHER',
  'WINE',
  'PEARL_WHITE',
  'CHAMPAGNE',
  'BRONZE',
] as const;
export const KNOWN_TYPES = ['C', 'M'] as const;

/** Limits on input the portal enforces (portal-notes.md). */
export const VEHICLE_LIMITS = {
  referenceMax: 90,
  titleMax: 100,
  descriptionMax: 4000,
  picturesMin: 1,
  picturesMax: 16,
} as const;

const named = z.object({ id: z.number(), name: z.string() }).loose();

export const pictureSchema = z.object({ originalUrl: z.string(), order: z.number().int(), source: z.string() }).loose();
export const publicationSchema = z.object({ highlighted: z.boolean() }).loose();
export const trimSchema = z.object({ id: z.number(), name: z.string(), modelId: z.number() }).loose();
export const brandSchema = z.object({ id: z.number(), name: z.string(), vehicleType: z.string() }).loose();

export type Picture = z.infer<typeof pictureSchema>;
export type Publication = z.infer<typeof publicationSchema>;
export type Trim = z.infer<typeof trimSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type NamedItem = z.infer<typeof named>;

/** One schema per field, so that a field that fails is reported alone. */
const fieldSchemas = {
  reference: z.string().min(1),
  fuel: z.string(),
  gearbox: z.string(),
  color: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  licensePlate: z.string(),
  document: z.string(),
  mileage: z.number().nonnegative(),
  brandNew: z.boolean(),
  doors: z.number().int().nonnegative(),
  manufacturedYear: z.number().int(),
  modelYear: z.number().int(),
  updatedAt: z.string(),
  value: z.number(),
  amountPerInstallment: z.number(),
  amountOfInstallments: z.number().int().nonnegative(),
  deposit: z.number(),
  accessories: z.array(named),
  active: z.boolean(),
  trim: trimSchema,
  brand: brandSchema,
  pictures: z.array(pictureSchema),
  publication: publicationSchema.nullable(),
  otherInfos: z.array(named),
  url: z.string(),
} as const;

type FieldSchemas = typeof fieldSchemas;
export type VehicleField = keyof FieldSchemas;
export const VEHICLE_FIELDS = Object.keys(fieldSchemas) as VehicleField[];

/** The parsed view: every field optional, because the portal may omit or garble any of them. */
export type Vehicle = { [K in VehicleField]?: z.infer<FieldSchemas[K]> };

export interface VehicleProblem {
  field: VehicleField | '(root)';
  message: string;
}

export interface ParsedVehicle {
  /** The listing's key. When the portal sent no usable reference, a stable stand-in derived from the JSON. */
  reference: string;
  vehicle: Vehicle;
  problems: VehicleProblem[];
}

/** Every field optional, none nullable but publication: what a well-formed vehicle passes in one go. */
const wholeVehicleSchema = z.object(
  Object.fromEntries(VEHICLE_FIELDS.map((field) => [field, fieldSchemas[field].optional()])) as { [K in VehicleField]: z.ZodOptional<FieldSchemas[K]> },
);

/**
 * Fields whose absence is a problem worth showing (the listing is not usable without them). Not
 * the title: the portal documents it as optional (listingTitle names an untitled listing).
 */
const EXPECTED: readonly VehicleField[] = ['reference', 'updatedAt', 'value', 'brand', 'pictures', 'publication'];

/** Manufacture/model ("2020/2021"), one year when only one is known, '' when none is: for titles and the Year column. */
export function yearsText(manufactured: number | null | undefined, model: number | null | undefined): string {
  if (manufactured != null && model != null) return `${manufactured}/${model}`;
  return String(model ?? manufactured ?? '');
}

/**
 * What a listing is called wherever it is shown: its title, or for an untitled one (the portal
 * documents the title as optional) its brand, model and year, as the read shape names them (the
 * trim carries the model's version). Null when there is nothing to name it by.
 */
export function listingTitle(v: Pick<Vehicle, 'title' | 'brand' | 'trim' | 'modelYear' | 'manufacturedYear'>): string | null {
  if (v.title !== undefined && v.title.trim() !== '') return v.title;
  const name = [v.brand?.name, v.trim?.name, yearsText(v.manufacturedYear, v.modelYear)].filter((part) => part !== undefined && part !== '').join(' ');
  return name === '' ? null : name;
}

/** A short, stable, non-cryptographic hash (FNV-1a) used to key a vehicle that has no reference. */
export function stableHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export const MISSING_REFERENCE_PREFIX = '(no reference) ';

export function parseVehicle(raw: unknown): ParsedVehicle {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const text = jsonText(raw) ?? String(raw);
    return {
      reference: MISSING_REFERENCE_PREFIX + stableHash(text),
      vehicle: {},
      problems: [{ field: '(root)', message: `expected an object, got ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : typeof raw}` }],
    };
  }
  // The common case, every field present being valid (and no null but publication's), is one
  // pass of one object schema, about a third faster than field by field; anything else takes
  // the field-by-field path below, which names each field that failed. Both give the same
  // result (test/shared/vehicle-parse.test.ts compares them on thousands of garbled vehicles).
  const whole = wholeVehicleSchema.safeParse(raw);
  if (whole.success) {
    const vehicle = whole.data;
    const problems: VehicleProblem[] = EXPECTED.filter((field) => vehicle[field] === undefined).map((field) => ({ field, message: 'missing' }));
    return { reference: vehicle.reference ?? MISSING_REFERENCE_PREFIX + stableHash(JSON.stringify(raw)), vehicle, problems };
  }
  return parseFieldByField(raw as Record<string, unknown>);
}

/** The slow path of parseVehicle, exported for the test that compares both. */
export function parseFieldByField(record: Record<string, unknown>): ParsedVehicle {
  const vehicle: Record<string, unknown> = {};
  const problems: VehicleProblem[] = [];
  for (const field of VEHICLE_FIELDS) {
    const value = record[field];
    if (value === undefined || (value === null && field !== 'publication')) {
      if (EXPECTED.includes(field)) problems.push({ field, message: 'missing' });
      continue;
    }
    const result = fieldSchemas[field].safeParse(value);
    if (result.success) vehicle[field] = result.data;
    else problems.push({ field, message: result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ` : '') + i.message).join('; ') });
  }
  const parsed = vehicle as Vehicle;
  const reference = parsed.reference ?? MISSING_REFERENCE_PREFIX + stableHash(JSON.stringify(record));
  return { reference, vehicle: parsed, problems };
}

/** Positions missing from the pictures' `order` sequence: the portal rejected the photo sent there. */
export function rejectedPicturePositions(pictures: readonly Picture[] | undefined): number[] {
  if (!pictures || pictures.length === 0) return [];
  const orders = new Set(pictures.map((p) => p.order));
  const max = Math.max(...orders);
  // Positions count from 1 in the portal's examples; accept 0-based lists too.
  const start = orders.has(0) ? 0 : 1;
  const gaps: number[] = [];
  for (let o = start; o <= max; o++) if (!orders.has(o)) gaps.push(o);
  return gaps;
}

/** Pictures in display order. */
export function picturesInOrder(pictures: readonly Picture[] | undefined): Picture[] {
  return [...(pictures ?? [])].sort((a, b) => a.order - b.order);
}

/** Plate without punctuation or spaces, upper case: "abc-1d23" → "ABC1D23". */
export function normalizePlate(plate: string): string {
  return plate.replace(/[^0-9a-z]/gi, '').toUpperCase();
}
