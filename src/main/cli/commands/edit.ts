// edit, resolve: a listing's fields changed from the command line, through the same session call
// the app's form uses (checked by the shared schema, saved in the ledger, sent now when the portal
// answers, else at the next sync), and the dealer's choice on an edit a conflict holds.
// Exit codes: 2 for a bad value (every field named), 7 when the portal refused it or a conflict
// holds it, 5 for a listing not in the inventory.
import { readFileSync } from 'node:fs';
import type { ParseArgsOptionsConfig } from 'node:util';
import { isAppError } from '../../../shared/errors';
import { MESSAGES, renderMessage, textOf } from '../../../shared/i18n/messages';
import { writeFieldLabel } from '../../../shared/i18n/write-field';
import type { WriteIssue } from '../../../shared/listing-write';
import type { EditOutcome } from '../../../shared/pending-changes';
import type { UiLanguage } from '../../../shared/views';
import type { AccountSession } from '../../account-session';
import { list, str, type Command, type OptionValues } from '../command';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { usageError } from '../usage-error';

/** Options that carry one field of the write shape as typed (the schema reads `R$ 49.990,00`, `abc-1d23`…). */
const FIELD_OPTIONS = {
  price: 'value',
  'down-payment': 'deposit',
  installments: 'amountOfInstallments',
  'installment-amount': 'amountPerInstallment',
  mileage: 'mileage',
  title: 'title',
  plate: 'licensePlate',
  document: 'document',
  color: 'color',
  fuel: 'fuel',
  gearbox: 'gearbox',
  type: 'type',
  doors: 'doors',
  year: 'manufacturedYear',
  'model-year': 'modelYear',
  trim: 'trimId',
  video: 'videoUrl',
} as const;
/** The portal's codes are upper case (FLEX, BLACK, MANUAL, C). */
const UPPER = new Set(['color', 'fuel', 'gearbox', 'type']);
const IDS = { accessories: 'accessories', 'other-infos': 'otherInfos' } as const;

/** The options of the write shape's fields, the photos' included: `edit` and `create` take them alike. */
export const WRITE_FIELD_OPTIONS: ParseArgsOptionsConfig = {
  ...Object.fromEntries(Object.keys(FIELD_OPTIONS).map((o) => [o, { type: 'string' as const }])),
  accessories: { type: 'string' },
  'other-infos': { type: 'string' },
  'description-file': { type: 'string' },
  'add-photo': { type: 'string', multiple: true },
  'remove-photo': { type: 'string', multiple: true },
};

function outcomeLine(language: UiLanguage, o: EditOutcome): string {
  return `${o.reference}: ${renderMessage(language, `cli.editOutcome_${o.outcome}`)} — ${textOf(language, o)}`;
}

/** The photos as they stand (`current`, in order), less the ones removed (by number), then the ones added; undefined when neither is asked. */
export function picturesAsked(current: readonly string[], reference: string, values: OptionValues): Array<{ source: string }> | undefined {
  const added = list(values['add-photo']);
  const removed = list(values['remove-photo']);
  if (added.length === 0 && removed.length === 0) return undefined;
  const drop = new Set<number>();
  for (const text of removed) {
    const number = Number(text);
    if (!Number.isInteger(number) || number < 1 || number > current.length)
      throw usageError({ code: 'edit.photoNumber', params: { number: text, reference, count: current.length } });
    drop.add(number);
  }
  return [...current.filter((_, i) => !drop.has(i + 1)), ...added].map((source) => ({ source }));
}

/** The photos of a listing as they stand: its open edit's, else the listing's. */
async function currentPictures(session: AccountSession, reference: string): Promise<string[]> {
  const detail = await session.vehicle(reference, { fetchPhotos: false });
  const pending = detail.pendingEdit?.fields.find((f) => f.field === 'pictures')?.mine;
  return Array.isArray(pending) ? (pending as Array<{ source: string }>).map((p) => p.source) : detail.photos.map((p) => p.source);
}

/** The fields of the write shape the options give, as typed (the photos apart). */
export function fieldOptions(values: OptionValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [option, field] of Object.entries(FIELD_OPTIONS)) {
    const value = str(values[option]);
    if (value !== undefined) fields[field] = UPPER.has(field) ? value.toUpperCase() : value;
  }
  for (const [option, field] of Object.entries(IDS)) if (values[option] !== undefined) fields[field] = list(values[option]).map(Number);
  const file = str(values['description-file']);
  if (file !== undefined) fields.description = readFileSync(file, 'utf8');
  return fields;
}

/** The fields the options ask, as typed. */
async function fieldsAsked(session: AccountSession, reference: string, values: OptionValues): Promise<Record<string, unknown>> {
  const fields = fieldOptions(values);
  const asksPhotos = values['add-photo'] !== undefined || values['remove-photo'] !== undefined;
  const pictures = asksPhotos ? picturesAsked(await currentPictures(session, reference), reference, values) : undefined;
  if (pictures !== undefined) fields.pictures = pictures;
  return fields;
}

/** Prints what came of the edits; the exit code: 7 if any was refused or is held, else 0. */
export async function report(ctx: CliContext, outcomes: readonly EditOutcome[]): Promise<number> {
  if (ctx.json) ctx.out.json(outcomes);
  else {
    const language = await ctx.language();
    for (const o of outcomes) {
      ctx.out.line(outcomeLine(language, o));
      for (const [field, words] of Object.entries(o.fields ?? {})) ctx.out.line(`  ${writeFieldLabel(MESSAGES[language], field)}: ${words}`);
    }
  }
  return outcomes.some((o) => o.outcome === 'refused' || o.outcome === 'held') ? EXIT.refused : EXIT.ok;
}

/** A bad value: every field named, in the dealer's language, then exit 2. */
export async function badFields(ctx: CliContext, error: unknown): Promise<number | null> {
  const fields = isAppError(error) && error.kind === 'bad_input' ? (error.detail?.fields as WriteIssue[] | undefined) : undefined;
  if (fields === undefined || fields.length === 0) return null;
  const language = await ctx.language();
  if (ctx.json) ctx.out.json({ error: error instanceof Error && isAppError(error) ? error.toJSON() : null });
  // Each message names its field in the dealer's words already.
  else for (const issue of fields) ctx.out.note(`showroom: ${renderMessage(language, issue.code, issue.params)}`);
  return EXIT.usage;
}

export const edit: Command = {
  name: 'edit',
  summary: 'cliHelp.editSummary',
  usage:
    'edit <reference> [--price P] [--down-payment P] [--installments N] [--installment-amount P] [--mileage KM] [--title T] [--description-file F] [--plate P] [--color C] [--fuel F] [--gearbox G] [--doors N] [--year Y] [--model-year Y] [--trim ID] [--accessories ID,…] [--other-infos ID,…] [--video URL] [--add-photo URL…] [--remove-photo N…] [--photos-again] [--json]\n' +
    'edit --photos-again --attention rejected-photos [--json]',
  help: [{ code: 'cliHelp.editHelp' }, { code: 'edit.videoNotRead' }],
  options: {
    ...WRITE_FIELD_OPTIONS,
    'photos-again': { type: 'boolean' },
    attention: { type: 'string' },
  },
  positionals: { min: 0, max: 1, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const reference = positionals[0];
    try {
      if (values['photos-again'] === true && reference === undefined) {
        if (str(values.attention) !== 'rejected-photos') throw usageError({ code: 'cli.editPhotosAgainUsage' });
        return await report(ctx, await session.sendPhotosAgain());
      }
      if (reference === undefined) throw usageError({ code: 'cli.editPhotosAgainUsage' });
      if (values['photos-again'] === true) return await report(ctx, await session.sendPhotosAgain([reference]));
      return await report(ctx, [await session.editListing(reference, await fieldsAsked(session, reference, values), 'cli')]);
    } catch (error) {
      const code = await badFields(ctx, error);
      if (code === null) throw error;
      return code;
    }
  },
};

export const resolve: Command = {
  name: 'resolve',
  summary: 'cliHelp.resolveSummary',
  usage: 'resolve <reference> --keep mine|portal [--field F] [--json]',
  options: { keep: { type: 'string' }, field: { type: 'string' } },
  positionals: { min: 1, max: 1, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const keep = str(values.keep);
    if (keep !== 'mine' && keep !== 'portal') throw usageError({ code: 'cli.resolveKeep' });
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const field = str(values.field);
    const outcome = await session.resolveEdit(positionals[0] ?? '', field === undefined ? { keep } : { keep, field });
    return report(ctx, [outcome]);
  },
};
