// The search flags every command that works on a view of the inventory takes (search, export):
// text, filters and sort, parsed once here into the cache's inventory query and validated by the
// same schema as the app's.
import type { ParseArgsOptionsConfig } from 'node:util';
import { inventoryQuerySchema, PORTAL_STATES, SORT_FIELDS, type InventoryFilters, type InventoryQuery } from '../../shared/inventory';
import { list, str, type OptionValues } from './command';
import { usageError } from './context';

const many = { type: 'string', multiple: true } as const;
const one = { type: 'string' } as const;

export const SEARCH_OPTIONS = {
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
} as const satisfies ParseArgsOptionsConfig;

export const SEARCH_USAGE =
  '[text] [--portal on|off|pending] [--type C|M] [--brand B] [--fuel F] [--gearbox G] [--color C]\n         [--year-min N] [--year-max N] [--price-min N] [--price-max N] [--mileage-min N] [--mileage-max N]\n         [--active yes|no] [--new yes|no] [--highlighted yes|no] [--problems yes|no] [--rejected-photos yes|no]\n         [--sort field:asc|desc]';

export const SEARCH_HELP = `Text matches words and word beginnings in the title, description, reference, plate (with or
without its dash), brand, trim and accessories. List options take several values, repeated or
comma-separated (--fuel FLEX,DIESEL). Sort fields: ${SORT_FIELDS.join(', ')}.`;

export function number(values: OptionValues, name: string): number | undefined {
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

/** The command line's text and search flags (plus `window`, if given) as the cache's inventory query. */
export function searchQuery(text: string, values: OptionValues, window?: { offset: number; limit: number }): InventoryQuery {
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
  const query = {
    ...(text.trim() !== '' ? { text: text.trim() } : {}),
    filters,
    sort: { field, dir },
    ...(window ? { window } : {}),
  };
  const parsed = inventoryQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw usageError(`Invalid search: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}
