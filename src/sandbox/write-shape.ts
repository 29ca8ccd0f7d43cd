// The body of POST /vehicles and PUT /vehicles/:reference, checked as the production portal checks
// it (portal-notes.md, "The write shape"): a NestJS ValidationPipe with `whitelist` and
// `forbidNonWhitelisted`, so an unknown field is refused, and every failed rule is reported at once
// in class-validator's words (400). Only the documented rules are enforced, no more: a sandbox
// stricter than the portal would hide a client's missing rule as surely as a laxer one. Catalogue
// ids and the plan are logic checks (422) made by the account. Deliberately independent of the
// app's own schema: the sandbox stands in for production, so it must not share the client's rules.
import { COLORS, FUELS, GEARBOXES, INPUT_LIMITS, isRecord, TYPES } from './validation';

/** A write that passed validation; absent optional fields are undefined (PUT clears them). */
export interface VehicleWrite {
  reference: string;
  type: 'C' | 'M';
  trimId: number;
  color: string;
  gearbox: string;
  fuel: string;
  doors?: number;
  mileage: number;
  licensePlate?: string;
  document?: string;
  manufacturedYear: number;
  modelYear?: number;
  value: number;
  deposit: number;
  amountPerInstallment: number;
  amountOfInstallments: number;
  accessories: number[];
  otherInfos?: number[];
  /** Picture addresses in the order sent (each `{ source }` of the body). */
  pictures: string[];
  title?: string;
  description?: string;
  videoUrl?: string;
}

export type WriteValidation = { ok: true; write: VehicleWrite } | { ok: false; messages: string[] };

const FIELDS = [
  'reference',
  'type',
  'trimId',
  'color',
  'gearbox',
  'fuel',
  'doors',
  'mileage',
  'licensePlate',
  'document',
  'manufacturedYear',
  'modelYear',
  'value',
  'deposit',
  'amountPerInstallment',
  'amountOfInstallments',
  'accessories',
  'otherInfos',
  'pictures',
  'title',
  'description',
  'videoUrl',
] as const;
const KNOWN = new Set<string>(FIELDS);

const PLATE = /^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$/;
const FIRST_CAR_YEAR = 1886;

// A video's page, as a dealer copies it from the address bar; embeds and Shorts are refused.
const VIDEO_PAGES: readonly RegExp[] = [
  /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#]*&)?v=[\w-]{6,}/,
  /^https?:\/\/youtu\.be\/[\w-]{6,}(?:[?#].*)?$/,
  /^https?:\/\/(?:www\.)?vimeo\.com\/\d+(?:[/?#].*)?$/,
];

export function isVideoPageUrl(url: string): boolean {
  return VIDEO_PAGES.some((re) => re.test(url));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function validateVehicleWrite(body: unknown): WriteValidation {
  if (!isRecord(body)) return { ok: false, messages: ['body must be a JSON object'] };
  const messages: string[] = [];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) if (!KNOWN.has(key)) messages.push(`property ${key} should not exist`);
  // class-validator's @IsOptional: null counts as absent.
  const present = (k: string): boolean => body[k] !== undefined && body[k] !== null;
  const required = (k: string): boolean => {
    if (present(k)) return true;
    messages.push(`${k} should not be empty`);
    return false;
  };

  const text = (k: string, opts: { max?: number; oneOf?: readonly string[]; pattern?: RegExp } = {}): void => {
    const v = body[k];
    if (typeof v !== 'string') return void messages.push(`${k} must be a string`);
    if (opts.max !== undefined && v.length > opts.max) return void messages.push(`${k} must be shorter than or equal to ${opts.max} characters`);
    if (opts.oneOf && !opts.oneOf.includes(v)) return void messages.push(`${k} must be one of the following values: ${opts.oneOf.join(', ')}`);
    if (opts.pattern && !opts.pattern.test(v)) return void messages.push(`${k} must match ${String(opts.pattern)} regular expression`);
    out[k] = v;
  };
  const number = (k: string, opts: { int?: boolean; min?: number; max?: number } = {}): void => {
    const v = body[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) return void messages.push(`${k} must be a number conforming to the specified constraints`);
    if (opts.int && !Number.isInteger(v)) return void messages.push(`${k} must be an integer number`);
    if (opts.min !== undefined && v < opts.min) return void messages.push(`${k} must not be less than ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) return void messages.push(`${k} must not be greater than ${opts.max}`);
    out[k] = v;
  };
  const ids = (k: 'accessories' | 'otherInfos'): void => {
    const v = body[k];
    if (!Array.isArray(v)) return void messages.push(`${k} must be an array`);
    if (!v.every((id) => typeof id === 'number' && Number.isInteger(id) && id >= 0)) return void messages.push(`each value in ${k} must be an integer number`);
    out[k] = [...new Set(v as number[])];
  };

  if (required('reference')) {
    text('reference', { max: INPUT_LIMITS.referenceMax });
    if (typeof out.reference === 'string' && out.reference.trim() === '') {
      delete out.reference;
      messages.push('reference should not be empty');
    }
  }
  if (required('type')) text('type', { oneOf: TYPES });
  if (required('trimId')) number('trimId', { int: true, min: 0 });
  if (required('color')) text('color', { oneOf: COLORS });
  if (required('gearbox')) text('gearbox', { oneOf: GEARBOXES });
  if (required('fuel')) text('fuel', { oneOf: FUELS });
  for (const k of ['value', 'deposit', 'amountPerInstallment'] as const) if (required(k)) number(k, { min: 0 });
  if (required('amountOfInstallments')) number('amountOfInstallments', { int: true, min: 0 });
  if (required('mileage')) number('mileage', { int: true, min: 0 });
  if (required('manufacturedYear')) number('manufacturedYear', { int: true, min: FIRST_CAR_YEAR });
  if (present('modelYear')) number('modelYear', { int: true, min: FIRST_CAR_YEAR });

  // Doors: a car has 2 to 5; a motorcycle has none (left out or 0). Judged by the type sent.
  if (body.type === 'M') {
    if (present('doors')) {
      number('doors', { int: true, min: 0 });
      if (typeof out.doors === 'number' && out.doors !== 0) {
        delete out.doors;
        messages.push('doors must be 0 or left out for a motorcycle');
      }
    }
  } else if (required('doors')) number('doors', { int: true, min: 2, max: 5 });

  const mileage = typeof body.mileage === 'number' ? body.mileage : 0;
  if (mileage > 0 ? required('licensePlate') : present('licensePlate')) text('licensePlate', { pattern: PLATE });
  if (present('document')) text('document', { max: INPUT_LIMITS.documentMax });
  if (present('title')) text('title', { max: INPUT_LIMITS.titleMax });
  if (present('description')) text('description', { max: INPUT_LIMITS.descriptionMax });

  if (required('accessories')) ids('accessories');
  if (present('otherInfos')) ids('otherInfos');

  if (body.videoUrl === null) messages.push('videoUrl must not be null (leave it out when there is no video)');
  else if (present('videoUrl')) {
    text('videoUrl');
    if (typeof out.videoUrl === 'string' && !isVideoPageUrl(out.videoUrl)) {
      delete out.videoUrl;
      messages.push('videoUrl must be the address of a YouTube or Vimeo video page');
    }
  }

  if (required('pictures')) {
    const v = body.pictures;
    if (!Array.isArray(v)) messages.push('pictures must be an array');
    else if (v.length < INPUT_LIMITS.picturesMin) messages.push(`pictures must contain at least ${INPUT_LIMITS.picturesMin} elements`);
    else if (v.length > INPUT_LIMITS.picturesMax) messages.push(`pictures must contain no more than ${INPUT_LIMITS.picturesMax} elements`);
    else {
      const sources: string[] = [];
      v.forEach((item: unknown, i) => {
        if (!isRecord(item)) return void messages.push(`pictures.${i}.each value in pictures must be an object`);
        for (const key of Object.keys(item)) if (key !== 'source') messages.push(`pictures.${i}.property ${key} should not exist`);
        const source = item.source;
        if (typeof source !== 'string' || source === '') return void messages.push(`pictures.${i}.source should not be empty`);
        if (!isHttpUrl(source)) return void messages.push(`pictures.${i}.source must be a URL address`);
        sources.push(source);
      });
      if (sources.length === v.length) out.pictures = sources;
    }
  }

  return messages.length ? { ok: false, messages } : { ok: true, write: out as unknown as VehicleWrite };
}
