// The listing as the portal takes it (portal-notes.md, "The write shape"): the body of
// `POST /vehicles` and `PUT /vehicles/:reference`, with every rule the production portal enforces,
// in one schema the edit form, the command line and the session all use. Every refusal is a message
// code (codes.listingWrite) naming its field in the dealer's words, so the form shows it on the
// field, the CLI prints it and the session refuses a bad payload with it. What the dealer types is
// taken the way a Brazilian types it: `R$ 49.990,00` or `49990`, a plate with or without its dash.
import { z } from 'zod';
import type { MessageParams } from './errors';
import { codedError, type MessageCode } from './i18n/messages';
import { KNOWN_COLORS, KNOWN_FUELS, KNOWN_GEARBOXES, KNOWN_TYPES, normalizePlate, VEHICLE_LIMITS } from './vehicle';

/** What the portal enforces beyond the read side's limits (portal-notes.md). */
export const LISTING_WRITE_LIMITS = {
  ...VEHICLE_LIMITS,
  documentMax: 20,
  yearMin: 1886,
  doorsMin: 2,
  doorsMax: 5,
} as const;

/** How long a description reads well on the portal: the form's hint, not a rule. */
export const DESCRIPTION_READABLE_LENGTH = 850;

/** Old Brazilian plates (ABC1234) and Mercosul ones (ABC1D23), as the portal stores them. */
export const PLATE_PATTERN = /^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$/;

/**
 * How a typed amount reads: its value, or why it does not. Taken the Brazilian way (`R$ 49.990,00`,
 * `49.990`, `49990,5`), the English way (`49,990.00`, `49,990`) or plainly (`49990`, `49990.5`).
 * Thousands come in groups of three and cents in one or two digits, so each separator reads one way
 * only: a dot or a comma followed by groups of three digits separates thousands, one followed by
 * one or two digits at the end is the decimal mark. Text made of digits and separators that fits
 * neither way (`49.990.00`, `49,99.0`, `1.234,567`) is `unclear`: said so, never guessed.
 * A minus sign reads as the negative amount, which the schema refuses as such.
 */
export type AmountReading = { value: number } | { problem: 'unclear' | 'notAmount' };

const BRAZILIAN = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+,\d{1,2}$/;
const ENGLISH = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const PLAIN = /^\d+(\.\d{1,2})?$/;

export function readAmount(text: string): AmountReading {
  const typed = text.replace(/[\s\u00a0]/g, '').replace(/^R\$/i, '');
  const negative = typed.startsWith('-');
  const s = negative ? typed.slice(1).replace(/^R\$/i, '') : typed;
  let plain: string;
  if (BRAZILIAN.test(s)) plain = s.replace(/\./g, '').replace(',', '.');
  else if (ENGLISH.test(s)) plain = s.replace(/,/g, '');
  else if (PLAIN.test(s)) plain = s;
  else return { problem: /^[\d.,]*\d[\d.,]*$/.test(s) ? 'unclear' : 'notAmount' };
  const n = Number(plain);
  if (!Number.isFinite(n)) return { problem: 'notAmount' };
  return { value: negative && n !== 0 ? -n : n };
}

/** A typed amount of 0 or more (what the portal takes), or null. */
export function parseAmount(text: string): number | null {
  const reading = readAmount(text);
  return 'value' in reading && reading.value >= 0 ? reading.value : null;
}

/** A typed amount as a number; anything else left as it came, for the schema to refuse with the field's code. */
const toAmount = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const reading = readAmount(value);
  return 'value' in reading ? reading.value : value;
};
/** An empty box of the form is no value. */
const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A code of codes.listingWrite. */
type WriteCode = MessageCode extends infer C ? (C extends `listingWrite.${infer K}` ? K : never) : never;
const code = (key: WriteCode) => ({ error: `listingWrite.${key}` });

/** An amount field; `unclear`: the code for text that reads more than one way (its own words, not the field's general ones). */
const amount = (key: WriteCode, unclear: WriteCode) =>
  z.preprocess(
    (value, ctx) => {
      if (typeof value !== 'string') return value;
      const reading = readAmount(value);
      if ('value' in reading) return reading.value;
      if (reading.problem === 'unclear') {
        ctx.addIssue({ code: 'custom', message: `listingWrite.${unclear}`, params: { typed: value.trim() } });
        return z.NEVER;
      }
      return value;
    },
    z.number(code(key)).nonnegative(code(key)),
  );
const whole = (key: WriteCode) => z.preprocess(toAmount, z.number(code(key)).int(code(key)).nonnegative(code(key)));
const year = (key: WriteCode) => z.preprocess(toAmount, z.number(code(key)).int(code(key)).min(LISTING_WRITE_LIMITS.yearMin, code(key)));
const ids = (key: WriteCode) => z.array(z.number(code(key)).int(code(key)).nonnegative(code(key)), code(key));
/** An optional field: left out, or emptied (null) in an edit. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

/** A YouTube or Vimeo video page: not an embed (youtube.com/embed, player.vimeo.com), not a Short. */
export function isVideoPage(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com')
    return url.pathname === '/watch' && /^[\w-]+$/.test(url.searchParams.get('v') ?? '');
  if (host === 'youtu.be') return /^\/[\w-]+$/.test(url.pathname);
  if (host === 'vimeo.com' || host === 'www.vimeo.com') return /^\/(channels\/[\w-]+\/)?\d+(\/[0-9a-f]+)?\/?$/.test(url.pathname);
  return false;
}

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const pictureWriteSchema = z.strictObject({ source: z.string(code('pictureSource')).trim().refine(isWebAddress, code('pictureSource')) });

/** Each field's own rules; what ties fields together (plate and mileage, doors and type) is checked on the whole listing. */
const fields = {
  type: z.enum(KNOWN_TYPES, code('type')),
  trimId: whole('trimId'),
  color: z.enum(KNOWN_COLORS, code('color')),
  gearbox: z.enum(KNOWN_GEARBOXES, code('gearbox')),
  fuel: z.enum(KNOWN_FUELS, code('fuel')),
  doors: optional(whole('doors')),
  mileage: whole('mileage'),
  licensePlate: optional(
    z.preprocess((v) => (typeof v === 'string' ? normalizePlate(v) : v), z.string(code('licensePlate')).regex(PLATE_PATTERN, code('licensePlate'))),
  ),
  document: optional(z.string(code('document')).trim().max(LISTING_WRITE_LIMITS.documentMax, code('document'))),
  manufacturedYear: year('manufacturedYear'),
  modelYear: optional(year('modelYear')),
  value: amount('value', 'valueUnclear'),
  deposit: amount('deposit', 'depositUnclear'),
  amountPerInstallment: amount('amountPerInstallment', 'amountPerInstallmentUnclear'),
  amountOfInstallments: whole('amountOfInstallments'),
  accessories: ids('accessories'),
  otherInfos: optional(ids('otherInfos')),
  pictures: z
    .array(pictureWriteSchema, code('pictures'))
    .min(LISTING_WRITE_LIMITS.picturesMin, code('pictures'))
    .max(LISTING_WRITE_LIMITS.picturesMax, code('pictures')),
  title: optional(z.string(code('title')).trim().max(LISTING_WRITE_LIMITS.titleMax, code('title'))),
  description: optional(z.string(code('description')).max(LISTING_WRITE_LIMITS.descriptionMax, code('description'))),
  videoUrl: optional(z.string(code('videoUrl')).trim().refine(isVideoPage, code('videoUrl'))),
};

/** What the dealer may change of a listing (all but its reference). */
export const EDITABLE_FIELDS = Object.keys(fields) as Array<keyof typeof fields>;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

const reference = z.string(code('reference')).trim().min(1, code('reference')).max(LISTING_WRITE_LIMITS.referenceMax, code('reference'));

type Loose = Record<string, unknown>;

/** The rules between fields, checked even when some field failed (the portal names every failed field at once). */
function crossFieldRules(listing: Loose, ctx: z.RefinementCtx): void {
  const mileage = typeof listing.mileage === 'number' ? listing.mileage : 0;
  if (mileage > 0 && (listing.licensePlate === undefined || listing.licensePlate === null))
    ctx.addIssue({ code: 'custom', path: ['licensePlate'], message: 'listingWrite.plateRequired' });
  const doors = listing.doors;
  if (listing.type === 'C' && (doors === undefined || doors === null || (typeof doors === 'number' && (doors < 2 || doors > 5))))
    ctx.addIssue({ code: 'custom', path: ['doors'], message: 'listingWrite.doors' });
  if (listing.type === 'M' && typeof doors === 'number' && doors !== 0)
    ctx.addIssue({ code: 'custom', path: ['doors'], message: 'listingWrite.doorsMotorcycle' });
}

/** The body as sent: nothing null (the portal wants a field without a value left out), the model year given. */
function asSent<T extends Loose>(listing: T): T {
  const out = Object.fromEntries(Object.entries(listing).filter(([, v]) => v !== null && v !== undefined)) as T;
  if (out.modelYear === undefined) (out as Loose).modelYear = out.manufacturedYear;
  // A motorcycle's doors are left out (portal-notes.md: "leave out or 0").
  if (out.type === 'M' && out.doors === 0) delete (out as Loose).doors;
  return out;
}

/** The whole listing the portal takes (POST /vehicles, PUT /vehicles/:reference). */
export const listingWriteSchema = z
  .strictObject({ reference, ...fields }, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'listingWrite.unknownField' : undefined) })
  .superRefine(crossFieldRules, { when: () => true })
  .transform(asSent);

/** The body of a PUT or a POST, as the schema leaves it: typed amounts read, plate normalised, model year given. */
export type ListingWrite = z.output<typeof listingWriteSchema>;
/** What the form or the command line may hand the schema (amounts and numbers as typed). */
export type ListingWriteInput = z.input<typeof listingWriteSchema>;

/**
 * The dealer's edit: only the fields they changed, each by its own rules; null empties an optional
 * field (the plate, the video link…). The rules between fields are checked on the listing the edit
 * makes (`editedListing`), since a plate is needed or not by the mileage the listing ends with.
 */
export const listingEditSchema = z
  .strictObject(Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, fields[f].optional()])) as { [K in EditableField]: z.ZodOptional<(typeof fields)[K]> }, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'listingWrite.unknownField' : undefined),
  })
  .refine((edit) => Object.values(edit).some((v: unknown) => v !== undefined), { error: 'listingWrite.noChange' });

export type ListingEdit = z.output<typeof listingEditSchema>;
export type ListingEditInput = z.input<typeof listingEditSchema>;

/** One refusal: the field it is about (the write shape's name) and its text's code. */
export interface WriteIssue {
  field: string;
  code: MessageCode;
  params?: MessageParams;
}

/** Values the texts of codes.listingWrite show. */
const PARAMS: Partial<Record<WriteCode, MessageParams>> = {
  reference: { max: LISTING_WRITE_LIMITS.referenceMax },
  title: { max: LISTING_WRITE_LIMITS.titleMax },
  description: { max: LISTING_WRITE_LIMITS.descriptionMax },
  document: { max: LISTING_WRITE_LIMITS.documentMax },
  pictures: { min: LISTING_WRITE_LIMITS.picturesMin, max: LISTING_WRITE_LIMITS.picturesMax },
  manufacturedYear: { min: LISTING_WRITE_LIMITS.yearMin },
  modelYear: { min: LISTING_WRITE_LIMITS.yearMin },
  doors: { min: LISTING_WRITE_LIMITS.doorsMin, max: LISTING_WRITE_LIMITS.doorsMax },
};

const isWriteCode = (message: string): message is `listingWrite.${WriteCode}` => message.startsWith('listingWrite.');

/** The refusals of a parse, one per field and rule, in the dealer's words (codes.listingWrite). */
export function writeIssues(error: z.ZodError): WriteIssue[] {
  const out: WriteIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const where = issue.path.length === 0 ? '' : `${String(issue.path[0])}.`;
      for (const key of issue.keys) out.push({ field: where + key, code: 'listingWrite.unknownField', params: { field: where + key } });
      continue;
    }
    const field = issue.path.length === 0 ? '' : String(issue.path[0]);
    const message = isWriteCode(issue.message) ? issue.message : 'listingWrite.invalid';
    const key = message.slice('listingWrite.'.length) as WriteCode;
    const index = issue.path[1];
    const params: MessageParams = {
      ...PARAMS[key],
      ...(issue.code === 'custom' ? (issue.params as MessageParams | undefined) : {}),
      ...(typeof index === 'number' ? { index: index + 1 } : {}),
      ...(message === 'listingWrite.invalid' ? { field } : {}),
    };
    if (out.some((o) => o.field === field && o.code === message && o.params?.index === params.index)) continue;
    out.push({ field, code: message, ...(Object.keys(params).length === 0 ? {} : { params }) });
  }
  return out;
}

/** The bad-input error for refusals: the first one's text, every one (field by field) in `detail.fields`. */
export function listingWriteError(issues: readonly WriteIssue[]) {
  const first = issues[0] ?? { field: '', code: 'listingWrite.invalid' as const, params: { field: '' } };
  return codedError('bad_input', { code: first.code, ...(first.params === undefined ? {} : { params: first.params }) }, { fields: issues });
}

/** Parses with `schema`, or throws the bad-input error naming every failed field. */
export function parseListingWrite<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw listingWriteError(writeIssues(result.error));
  return result.data;
}

/** The listing an edit makes of `listing` (a write body): the dealer's fields over it, an emptied field left out, then every rule checked. */
export function editedListing(listing: ListingWriteInput, edit: ListingEdit): ListingWrite {
  const merged: Loose = { ...listing };
  for (const [field, value] of Object.entries(edit) as Array<[string, unknown]>) if (value !== undefined) merged[field] = value;
  return parseListingWrite(listingWriteSchema, merged);
}
