// The edit form's state: every field of the write shape as the dealer types it (amounts and numbers
// as text, catalogue choices by id, photos as slots), made from the listing as it shows here (with
// a pending edit over it), checked by the shared write schema as one whole listing, and turned into
// the edit the session takes: only the fields the dealer changed, emptied ones as null.
import {
  EDITABLE_FIELDS,
  listingWriteSchema,
  writeIssues,
  type EditableField,
  type ListingEdit,
  type ListingWrite,
  type WriteIssue,
} from '../../../shared/listing-write';
import type { Vehicle } from '../../../shared/vehicle';
import type { PhotoSlot } from './photoSlots';

export interface EditDraft {
  value: string;
  deposit: string;
  amountOfInstallments: string;
  amountPerInstallment: string;
  mileage: string;
  licensePlate: string;
  title: string;
  description: string;
  color: string;
  fuel: string;
  gearbox: string;
  doors: string;
  manufacturedYear: string;
  modelYear: string;
  document: string;
  accessories: number[];
  otherInfos: number[];
  brandId: number | null;
  modelId: number | null;
  trimId: number | null;
  videoUrl: string;
  photos: PhotoSlot[];
}

/** An amount as a Brazilian reads it back (49.990 or 49.990,5): what parseAmount takes. */
const amountFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, useGrouping: true });
const amountText = (n: number | null | undefined): string => (n == null ? '' : amountFormat.format(n));
const wholeText = (n: number | null | undefined): string => (n == null ? '' : String(n));
const text = (s: string | null | undefined): string => s ?? '';
const idsOf = (items: { id: number }[] | undefined): number[] => (items ?? []).map((i) => i.id);

/** A pending edit's value where it has one, the listing's otherwise (null: emptied by the edit). */
function over<T, P>(pending: P | null | undefined, mine: T, show: (p: NonNullable<P>) => T, empty: T): T {
  if (pending === undefined) return mine;
  return pending === null ? empty : show(pending);
}

/**
 * The form as the listing shows here: the portal's values with the dealer's pending edit over
 * them, the photos as given, and the video link kept here (reads never return it).
 */
export function draftOf(vehicle: Vehicle, photos: PhotoSlot[], pending: Partial<ListingEdit> = {}, videoUrl = ''): EditDraft {
  const v = vehicle;
  const p = pending;
  return {
    value: over(p.value, amountText(v.value), amountText, ''),
    deposit: over(p.deposit, amountText(v.deposit), amountText, ''),
    amountOfInstallments: over(p.amountOfInstallments, wholeText(v.amountOfInstallments), wholeText, ''),
    amountPerInstallment: over(p.amountPerInstallment, amountText(v.amountPerInstallment), amountText, ''),
    mileage: over(p.mileage, wholeText(v.mileage), wholeText, ''),
    licensePlate: over(p.licensePlate, text(v.licensePlate), text, ''),
    title: over(p.title, text(v.title), text, ''),
    description: over(p.description, text(v.description), text, ''),
    color: over(p.color, text(v.color), text, ''),
    fuel: over(p.fuel, text(v.fuel), text, ''),
    gearbox: over(p.gearbox, text(v.gearbox), text, ''),
    doors: over(p.doors, wholeText(v.type === 'M' && v.doors === 0 ? undefined : v.doors), wholeText, ''),
    manufacturedYear: over(p.manufacturedYear, wholeText(v.manufacturedYear), wholeText, ''),
    modelYear: over(p.modelYear, wholeText(v.modelYear), wholeText, ''),
    document: over(p.document, text(v.document), text, ''),
    accessories: over(p.accessories, idsOf(v.accessories), (ids) => [...ids], []),
    otherInfos: over(p.otherInfos, idsOf(v.otherInfos), (ids) => [...ids], []),
    brandId: v.brand?.id ?? null,
    modelId: v.trim?.modelId ?? null,
    trimId: over(p.trimId, v.trim?.id ?? null, (id) => id, null),
    videoUrl: over(p.videoUrl, videoUrl, text, ''),
    photos,
  };
}

/** A new listing's form, empty but for what most listings say: no installments, no down payment. */
export function blankDraft(): EditDraft {
  return {
    value: '',
    deposit: '0',
    amountOfInstallments: '0',
    amountPerInstallment: '0',
    mileage: '',
    licensePlate: '',
    title: '',
    description: '',
    color: '',
    fuel: '',
    gearbox: '',
    doors: '',
    manufacturedYear: '',
    modelYear: '',
    document: '',
    accessories: [],
    otherInfos: [],
    brandId: null,
    modelId: null,
    trimId: null,
    videoUrl: '',
    photos: [],
  };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const idList = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The form of a new listing saved earlier (the write shape), its trim's brand and model where the catalogue kept them. */
export function draftOfWrite(listing: Readonly<Record<string, unknown>>, photos: PhotoSlot[], path: { brandId: number; modelId: number } | null): EditDraft {
  const l = listing;
  return {
    ...blankDraft(),
    value: amountText(num(l.value)),
    deposit: amountText(num(l.deposit)),
    amountOfInstallments: wholeText(num(l.amountOfInstallments)),
    amountPerInstallment: amountText(num(l.amountPerInstallment)),
    mileage: wholeText(num(l.mileage)),
    licensePlate: text(str(l.licensePlate)),
    title: text(str(l.title)),
    description: text(str(l.description)),
    color: text(str(l.color)),
    fuel: text(str(l.fuel)),
    gearbox: text(str(l.gearbox)),
    doors: wholeText(num(l.doors)),
    manufacturedYear: wholeText(num(l.manufacturedYear)),
    modelYear: wholeText(num(l.modelYear)),
    document: text(str(l.document)),
    accessories: idList(l.accessories),
    otherInfos: idList(l.otherInfos),
    brandId: path?.brandId ?? null,
    modelId: path?.modelId ?? null,
    trimId: num(l.trimId) ?? null,
    videoUrl: text(str(l.videoUrl)),
    photos,
  };
}

/** The whole listing the draft makes, as the write schema takes it (amounts as typed). */
export function writeInput(draft: EditDraft, reference: string, type: string | undefined): Record<string, unknown> {
  return {
    reference,
    type,
    trimId: draft.trimId,
    color: draft.color,
    gearbox: draft.gearbox,
    fuel: draft.fuel,
    // A motorcycle has no doors: the box is not shown, and nothing is sent.
    doors: type === 'M' ? null : draft.doors,
    mileage: draft.mileage,
    licensePlate: draft.licensePlate,
    document: draft.document,
    manufacturedYear: draft.manufacturedYear,
    modelYear: draft.modelYear,
    value: draft.value,
    deposit: draft.deposit,
    amountPerInstallment: draft.amountPerInstallment,
    amountOfInstallments: draft.amountOfInstallments,
    accessories: draft.accessories,
    otherInfos: draft.otherInfos,
    pictures: draft.photos.map((s) => ({ source: s.source })),
    title: draft.title,
    description: draft.description,
    videoUrl: draft.videoUrl,
  };
}

/** Which draft keys make each field of the write shape. */
const DRAFT_KEYS: Record<EditableField, ReadonlyArray<keyof EditDraft>> = {
  type: [],
  trimId: ['trimId'],
  color: ['color'],
  gearbox: ['gearbox'],
  fuel: ['fuel'],
  doors: ['doors'],
  mileage: ['mileage'],
  licensePlate: ['licensePlate'],
  document: ['document'],
  manufacturedYear: ['manufacturedYear'],
  modelYear: ['modelYear'],
  value: ['value'],
  deposit: ['deposit'],
  amountPerInstallment: ['amountPerInstallment'],
  amountOfInstallments: ['amountOfInstallments'],
  accessories: ['accessories'],
  otherInfos: ['otherInfos'],
  pictures: ['photos'],
  title: ['title'],
  description: ['description'],
  videoUrl: ['videoUrl'],
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const photoSources = (slots: PhotoSlot[]) => slots.map((s) => s.source);

function touched(before: EditDraft, after: EditDraft, field: EditableField): boolean {
  return DRAFT_KEYS[field].some((key) => (key === 'photos' ? !same(photoSources(before.photos), photoSources(after.photos)) : !same(before[key], after[key])));
}

export type DraftCheck = { ok: true; edit: Partial<ListingEdit> } | { ok: false; issues: WriteIssue[] };

/** A new listing's check: the whole listing the draft makes, every field of it sent. */
export function checkNewListing(draft: EditDraft, reference: string, type: string): { ok: true; listing: ListingWrite } | { ok: false; issues: WriteIssue[] } {
  const result = listingWriteSchema.safeParse(writeInput(draft, reference, type === '' ? undefined : type));
  return result.success ? { ok: true, listing: result.data } : { ok: false, issues: writeIssues(result.error) };
}

/**
 * Checks the whole listing the draft makes with the shared write schema; when it passes, the edit
 * is the fields the dealer changed from `before`, as the schema read them (an emptied one as
 * null). A field typed differently but meaning the same (52.900 for 52900) is no change.
 */
export function checkDraft(before: EditDraft, draft: EditDraft, reference: string, type: string | undefined): DraftCheck {
  const result = listingWriteSchema.safeParse(writeInput(draft, reference, type));
  if (!result.success) return { ok: false, issues: writeIssues(result.error) };
  const was = listingWriteSchema.safeParse(writeInput(before, reference, type));
  const after: Record<string, unknown> = result.data;
  const edit: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    if (!touched(before, draft, field)) continue;
    const value = after[field] ?? null;
    if (was.success && same((was.data as Record<string, unknown>)[field] ?? null, value)) continue;
    edit[field] = value;
  }
  return { ok: true, edit: edit };
}
