// search <text> [filters]: the local inventory, exactly as the app's list filters it (offline).
import { inventoryQuerySchema, PORTAL_STATES, SORT_FIELDS, type InventoryFilters, type InventoryQuery } from '../../../shared/inventory';
import { toRowView } from '../../backend/inventory';
import { queuedUnpublishes } from '../../backend/publication-view';
import { list, str, type Command, type OptionValues } from '../command';
import { usageError } from '../context';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, table } from '../io';

const many = { type: 'string', multiple: true } as const;
const one = { type: 'string' } as const;

function number(values: OptionValues, name: string): number | undefined {
  const text = str(values[name]);
  if (text === undefined) return undefined;
  const n = Number(text.replace(/_/g, ''));
  if (text.trim() === '' || !Number.isFinite(n)) throw usageError(`--${name} takes a number, got “${text}”.`);
  return n;
}

function yesNo(values: OptionValues, name: string): boolean | undefined {
  const text = str(values[name])?.toLowerCase();
  if (text === undefined) return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  throw usageError(`--${name} takes yes or no, got “${text}”.`);
}

function range(values: OptionValues, name: string): { min?: number; max?: number } | undefined {
  const min = number(values, `${name}-min`);
  const max = number(values, `${name}-max`);
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The command line's options as the cache's inventory query (validated by the same schema as the app's). */
export function searchQuery(text: string, values: OptionValues): InventoryQuery {
  const portal = list(values.portal);
  for (const p of portal) if (!(PORTAL_STATES as readonly string[]).includes(p)) throw usageError(`--portal takes ${PORTAL_STATES.join(', ')}; got “${p}”.`);
  const filters: InventoryFilters = {};
  const set = <K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K] | undefined) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) filters[key] = value;
  };
  set('portal', portal as InventoryFilters['portal']);
  set('type', list(values.type).map((t) => t.toUpperCase()));
  set('brand', list(values.brand));
  set('fuel', list(values.fuel).map((f) => f.toUpperCase()));
  set('gearbox', list(values.gearbox).map((g) => g.toUpperCase()));
  set('color', list(values.color).map((c) => c.toUpperCase()));
  set('year', range(values, 'year'));
  set('price', range(values, 'price'));
  set('mileage', range(values, 'mileage'));
  set('active', yesNo(values, 'active'));
  set('brandNew', yesNo(values, 'new'));
  set('highlighted', yesNo(values, 'highlighted'));
  set('hasProblems', yesNo(values, 'problems'));
  set('hasRejectedPhotos', yesNo(values, 'rejected-photos'));

  const sortText = str(values.sort) ?? 'updatedAt:desc';
  const [field, dir = 'asc'] = sortText.split(':');
  if (!(SORT_FIELDS as readonly string[]).includes(field ?? '') || (dir !== 'asc' && dir !== 'desc')) {
    throw usageError(`--sort takes <field>:asc|desc with a field among ${SORT_FIELDS.join(', ')}; got “${sortText}”.`);
  }
  const limit = number(values, 'limit') ?? 20;
  const offset = number(values, 'offset') ?? 0;
  const query = {
    ...(text.trim() !== '' ? { text: text.trim() } : {}),
    filters,
    sort: { field, dir },
    window: { offset, limit },
  };
  const parsed = inventoryQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw usageError(`Invalid search: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}

const PORTAL_LABEL = { on: 'on portal', off: 'not on portal', pending: 'unpublish pending' } as const;

export const search: Command = {
  name: 'search',
  summary: 'Search the local inventory (works offline)',
  usage: 'search [text] [--portal on|off|pending] [--type C|M] [--brand B] [--fuel F] [--gearbox G] [--color C]\n         [--year-min N] [--year-max N] [--price-min N] [--price-max N] [--mileage-min N] [--mileage-max N]\n         [--active yes|no] [--new yes|no] [--highlighted yes|no] [--problems yes|no] [--rejected-photos yes|no]\n         [--sort field:asc|desc] [--limit 20] [--offset 0] [--json]',
  help: `Text matches words and word beginnings in the title, description, reference, plate (with or
without its dash), brand, trim and accessories. List options take several values, repeated or
comma-separated (--fuel FLEX,DIESEL). Sort fields: ${SORT_FIELDS.join(', ')}.`,
  options: {
    portal: many,
    type: many,
    brand: many,
    fuel: many,
    gearbox: many,
    color: many,
    'year-min': one,
    'year-max': one,
    'price-min': one,
    'price-max': one,
    'mileage-min': one,
    'mileage-max': one,
    active: one,
    new: one,
    highlighted: one,
    problems: one,
    'rejected-photos': one,
    sort: one,
    limit: one,
    offset: one,
  },
  positionals: { min: 0, max: 50, name: 'text' },
  async run(ctx, { positionals, values }) {
    const query = searchQuery(positionals.join(' '), values);
    const { cache } = await ctx.open(await ctx.account(str(values.account)));
    const result = cache.queryVehicles(query);
    const queued = queuedUnpublishes(cache, result.rows.map((r) => r.reference));
    const rows = result.rows.map((row) => toRowView(row, queued.get(row.reference)));
    if (ctx.json) {
      ctx.out.json({ total: result.total, offset: query.window?.offset ?? 0, rows });
      return EXIT.ok;
    }
    const lines = table(
      ['REFERENCE', 'TITLE', 'YEAR', 'PRICE', 'KM', 'PORTAL', 'PHOTOS'],
      result.rows.map((r) => [
        r.reference,
        r.title,
        r.modelYear,
        formatMoney(r.value),
        formatNumber(r.mileage),
        PORTAL_LABEL[r.portal] + (r.highlighted ? ', highlighted' : ''),
        `${r.pictureCount}${r.rejectedPhotoCount > 0 ? ` (${r.rejectedPhotoCount} rejected)` : ''}`,
      ]),
      new Set([2, 3, 4]),
    );
    if (result.rows.length > 0) for (const l of lines) ctx.out.line(l);
    const from = (query.window?.offset ?? 0) + (result.rows.length > 0 ? 1 : 0);
    ctx.out.note(result.total === 0 ? 'No listing matches.' : `${from}–${(query.window?.offset ?? 0) + result.rows.length} of ${result.total} listings.`);
    return EXIT.ok;
  },
};
