// Validation of POST /vehicles and PUT /vehicles/:reference bodies, with class-validator style
// messages (400, all messages at once). Catalogue and plan checks are logic errors (422) and live
// in account.ts. The body is the vehicle shape itself, so a client can PUT what it read:
// `url`, `updatedAt`, `publication` and the pictures' `source`/`order` are ignored; pictures may
// be given as URLs or as { originalUrl } objects and take their order from their position.

const FUELS = ['ETHANOL', 'GASOLINE', 'DIESEL', 'FLEX', 'GNV+ETHANOL', 'GNV+GASOLINE', 'GNV+FLEX', 'HYBRID', 'ELETRIC', 'GNV'];
const GEARBOXES = ['AUTOMATIC', 'MANUAL'];
const COLORS = [
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
];
const TYPES = ['C', 'M'];

export const INPUT_LIMITS = { referenceMax: 90, titleMax: 100, descriptionMax: 4000, picturesMin: 1, picturesMax: 16 } as const;

/** A validated write: only the fields that were sent. */
export interface VehicleDraft {
  reference?: string;
  fuel?: string;
  gearbox?: string;
  color?: string;
  type?: string;
  title?: string;
  description?: string;
  licensePlate?: string;
  document?: string;
  mileage?: number;
  brandNew?: boolean;
  doors?: number;
  manufacturedYear?: number;
  modelYear?: number;
  value?: number;
  amountPerInstallment?: number;
  amountOfInstallments?: number;
  deposit?: number;
  accessories?: number[];
  otherInfos?: number[];
  active?: boolean;
  trimId?: number;
  brandId?: number;
  pictures?: string[];
}

export type ValidationResult = { ok: true; draft: VehicleDraft } | { ok: false; messages: string[] };

const PLATE = /^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/i;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function validateVehicleWrite(body: unknown, mode: 'create' | 'update', currentYear: number): ValidationResult {
  if (!isRecord(body)) return { ok: false, messages: ['body must be a JSON object'] };
  const messages: string[] = [];
  const draft: VehicleDraft = {};
  const has = (k: string): boolean => body[k] !== undefined && body[k] !== null;
  const required = (k: string): boolean => {
    if (has(k)) return true;
    if (mode === 'create') messages.push(`${k} should not be empty`);
    return false;
  };

  const str = (k: keyof VehicleDraft, opts: { required?: boolean; max?: number; min?: number; oneOf?: string[] } = {}): void => {
    if (opts.required ? !required(k) : !has(k)) return;
    const v = body[k];
    if (typeof v !== 'string') return void messages.push(`${k} must be a string`);
    if (opts.min !== undefined && v.trim().length < opts.min) return void messages.push(`${k} should not be empty`);
    if (opts.max !== undefined && v.length > opts.max) return void messages.push(`${k} must be shorter than or equal to ${opts.max} characters`);
    if (opts.oneOf && !opts.oneOf.includes(v)) return void messages.push(`${k} must be one of the following values: ${opts.oneOf.join(', ')}`);
    (draft as Record<string, unknown>)[k] = v;
  };
  const num = (k: keyof VehicleDraft, opts: { required?: boolean; int?: boolean; min?: number; max?: number; positive?: boolean } = {}): void => {
    if (opts.required ? !required(k) : !has(k)) return;
    const v = body[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) return void messages.push(`${k} must be a number`);
    if (opts.int && !Number.isInteger(v)) return void messages.push(`${k} must be an integer number`);
    if (opts.positive && !(v > 0)) return void messages.push(`${k} must be a positive number`);
    if (opts.min !== undefined && v < opts.min) return void messages.push(`${k} must not be less than ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) return void messages.push(`${k} must not be greater than ${opts.max}`);
    (draft as Record<string, unknown>)[k] = v;
  };
  const bool = (k: keyof VehicleDraft): void => {
    if (!has(k)) return;
    if (typeof body[k] !== 'boolean') return void messages.push(`${k} must be a boolean value`);
    (draft as Record<string, unknown>)[k] = body[k];
  };
  const ids = (k: 'accessories' | 'otherInfos'): void => {
    if (!has(k)) return;
    const v = body[k];
    if (!Array.isArray(v)) return void messages.push(`${k} must be an array`);
    const out: number[] = [];
    for (const item of v as unknown[]) {
      const id = isRecord(item) ? item.id : item;
      if (typeof id !== 'number' || !Number.isInteger(id))
        return void messages.push(`each value in ${k} must be an id (integer) or an object with an integer id`);
      out.push(id);
    }
    draft[k] = [...new Set(out)];
  };
  const idOf = (k: 'trim' | 'brand', alt: 'trimId' | 'brandId', req: boolean): void => {
    const raw = has(alt) ? body[alt] : has(k) ? (isRecord(body[k]) ? body[k].id : body[k]) : undefined;
    if (raw === undefined || raw === null) {
      if (req && mode === 'create') messages.push(`${k}.id should not be empty`);
      return;
    }
    if (typeof raw !== 'number' || !Number.isInteger(raw)) return void messages.push(`${k}.id must be an integer number`);
    draft[alt] = raw;
  };

  str('reference', { required: true, min: 1, max: INPUT_LIMITS.referenceMax });
  if (draft.reference !== undefined && /[/?#]/.test(draft.reference)) messages.push('reference must not contain "/", "?" or "#"');
  str('title', { required: true, min: 1, max: INPUT_LIMITS.titleMax });
  str('description', { max: INPUT_LIMITS.descriptionMax });
  str('fuel', { oneOf: FUELS });
  str('gearbox', { oneOf: GEARBOXES });
  str('color', { oneOf: COLORS });
  str('type', { oneOf: TYPES });
  str('licensePlate', { max: 10 });
  if (draft.licensePlate && !PLATE.test(draft.licensePlate)) messages.push('licensePlate must be a Brazilian plate (ABC1234 or ABC1D23)');
  str('document', { max: 30 });
  num('mileage', { int: true, min: 0, max: 2_000_000 });
  bool('brandNew');
  num('doors', { int: true, min: 0, max: 6 });
  num('manufacturedYear', { required: true, int: true, min: 1900, max: currentYear + 1 });
  num('modelYear', { required: true, int: true, min: 1900, max: currentYear + 2 });
  num('value', { required: true, positive: true, max: 100_000_000 });
  num('amountPerInstallment', { min: 0 });
  num('amountOfInstallments', { int: true, min: 0, max: 120 });
  num('deposit', { min: 0 });
  ids('accessories');
  ids('otherInfos');
  bool('active');
  idOf('trim', 'trimId', true);
  idOf('brand', 'brandId', false);

  if (mode === 'create' ? required('pictures') : has('pictures')) {
    const v = body.pictures;
    if (!Array.isArray(v)) messages.push('pictures must be an array');
    else if (v.length < INPUT_LIMITS.picturesMin) messages.push(`pictures must contain at least ${INPUT_LIMITS.picturesMin} elements`);
    else if (v.length > INPUT_LIMITS.picturesMax) messages.push(`pictures must contain no more than ${INPUT_LIMITS.picturesMax} elements`);
    else {
      const urls: string[] = [];
      for (const item of v) {
        const url = typeof item === 'string' ? item : isRecord(item) ? item.originalUrl : undefined;
        if (typeof url !== 'string' || url.length === 0) {
          messages.push('each value in pictures must be a URL string or an object with originalUrl');
          break;
        }
        urls.push(url);
      }
      if (urls.length === v.length) draft.pictures = urls;
    }
  }

  if (draft.brandNew === true && draft.mileage !== undefined && draft.mileage !== 0) messages.push('mileage must be 0 when brandNew is true');
  if (draft.manufacturedYear !== undefined && draft.modelYear !== undefined) {
    const d = draft.modelYear - draft.manufacturedYear;
    if (d < 0 || d > 1) messages.push('modelYear must be manufacturedYear or the year after');
  }
  if (draft.value !== undefined && draft.deposit !== undefined && draft.deposit > draft.value) messages.push('deposit must not be greater than value');

  return messages.length ? { ok: false, messages } : { ok: true, draft };
}

/**
 * Whether the portal fails to fetch a photo: not an http(s) URL, or a host or path under the
 * reserved `.invalid` TLD (RFC 2606), which the sandbox treats as unreachable.
 */
export function isRejectedPhotoUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return true;
  return parsed.hostname.endsWith('.invalid') || parsed.pathname.endsWith('.invalid') || url.endsWith('.invalid');
}

/** The body of PUT /publications/:reference: `{ highlighted: boolean }` (class-validator messages, 400). */
export function validatePublicationWrite(body: unknown): { ok: true; highlighted: boolean } | { ok: false; messages: string[] } {
  if (!isRecord(body)) return { ok: false, messages: ['body must be a JSON object'] };
  const value = body.highlighted;
  if (value === undefined || value === null) return { ok: false, messages: ['highlighted should not be empty', 'highlighted must be a boolean value'] };
  if (typeof value !== 'boolean') return { ok: false, messages: ['highlighted must be a boolean value'] };
  return { ok: true, highlighted: value };
}
