// create: a new listing from the command line, through the same session call the app's form uses
// (checked whole by the shared schema, its reference against the inventory, saved in the ledger,
// sent now when the portal answers, else at the next sync). From a JSON file of the write shape, or
// a duplicate of a listing under a new reference; the field options of `edit` go over either.
// Exit codes as `edit`'s: 2 for a bad value (every field named), 7 when the portal refused it, 5
// for a listing to duplicate not in the inventory.
import { readFileSync } from 'node:fs';
import { writeValuesOf } from '../../../shared/listing-write-read';
import { str, type Command } from '../command';
import { usageError } from '../usage-error';
import { badFields, fieldOptions, picturesAsked, report, WRITE_FIELD_OPTIONS } from './edit';

function readListingFile(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw usageError({ code: 'create.unreadableJson', params: { file, message: error instanceof Error ? error.message : String(error) } });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw usageError({ code: 'create.notAnObject', params: { file } });
  return parsed as Record<string, unknown>;
}

export const create: Command = {
  name: 'create',
  summary: 'cliHelp.createSummary',
  usage:
    'create --from-json FILE [field options of edit] [--json]\n' +
    'create --duplicate REFERENCE --reference NEW [--price P] [--mileage KM] [--plate P] [--add-photo URL…] [--remove-photo N…] [field options of edit] [--json]',
  help: [{ code: 'cliHelp.createHelp' }],
  options: {
    ...WRITE_FIELD_OPTIONS,
    'from-json': { type: 'string' },
    duplicate: { type: 'string' },
    reference: { type: 'string' },
  },
  positionals: { min: 0, max: 0, name: 'reference' },
  async run(ctx, { values }) {
    const file = str(values['from-json']);
    const source = str(values.duplicate);
    if (file !== undefined && source !== undefined) throw usageError({ code: 'create.oneSource' });
    if (file === undefined && source === undefined) throw usageError({ code: 'create.noSource' });
    const reference = str(values.reference);
    if (source !== undefined && reference === undefined) throw usageError({ code: 'create.needsReference' });
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    try {
      // The duplicate starts from the listing as it shows here (its pending edit included), under its new reference.
      const start = file !== undefined ? readListingFile(file) : writeValuesOf((await session.vehicle(source ?? '', { fetchPhotos: false })).vehicle);
      const listing: Record<string, unknown> = { ...start, ...fieldOptions(values), ...(reference === undefined ? {} : { reference }) };
      const current = Array.isArray(start.pictures) ? (start.pictures as Array<{ source: string }>).map((p) => p.source) : [];
      const pictures = picturesAsked(current, typeof listing.reference === 'string' ? listing.reference : '', values);
      if (pictures !== undefined) listing.pictures = pictures;
      return await report(ctx, [await session.createListing(listing)]);
    } catch (error) {
      const code = await badFields(ctx, error);
      if (code === null) throw error;
      return code;
    }
  },
};
