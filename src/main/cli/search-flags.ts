// The search flags every command that works on a view of the inventory takes (search, export):
// text, filters and sort, parsed once here into the cache's inventory query and validated by the
// same schema as the app's. The filters' flags come from the dimensions' table
// (shared/inventory-filters.ts): its `cli` names.
import type { ParseArgsOptionsConfig } from 'node:util';
import { inventoryQuerySchema, SORT_FIELDS, type ParsedInventoryQuery } from '../../shared/inventory';
import { dimension, dimensionsOf, type DimensionKind, type FilterDimension, type InventoryFilters } from '../../shared/inventory-filters';
import type { MessageRef } from '../../shared/i18n/messages';
import { list, str, type OptionValues } from './command';
import { usageError } from './usage-error';

const many = { type: 'string', multiple: true } as const;
const one = { type: 'string' } as const;

/** The flags of one filter dimension: a list (repeatable), a range (-min and -max) or yes/no. */
function flagsOf(name: FilterDimension): [string, typeof many | typeof one][] {
  const d = dimension(name);
  switch (d.kind) {
    case 'state':
    case 'values':
      return [[d.cli, many]];
    case 'range':
      return [
        [`${d.cli}-min`, one],
        [`${d.cli}-max`, one],
      ];
    case 'flag':
      return [[d.cli, one]];
  }
}

function usageOf(name: FilterDimension): string {
  const d = dimension(name);
  switch (d.kind) {
    case 'state':
      return `[--${d.cli} ${d.values.join('|')}]`;
    case 'values':
      return `[--${d.cli} ${d.cliHint}]`;
    case 'range':
      return `[--${d.cli}-min N] [--${d.cli}-max N]`;
    case 'flag':
      return `[--${d.cli} yes|no]`;
  }
}

const BY_KIND: readonly DimensionKind[] = ['state', 'values', 'range', 'flag'];
/** The dimensions as the usage lists them: lists, then ranges, then yes/no. */
const USAGE_ORDER = BY_KIND.flatMap((kind) => dimensionsOf(kind));

export const SEARCH_OPTIONS: ParseArgsOptionsConfig = {
  ...Object.fromEntries(USAGE_ORDER.flatMap(flagsOf)),
  sort: one,
};

export const SEARCH_USAGE = [
  ['[text]', ...[...dimensionsOf('state'), ...dimensionsOf('values')].map(usageOf)],
  dimensionsOf('range').map(usageOf),
  dimensionsOf('flag').map(usageOf),
  ['[--sort field:asc|desc]'],
]
  .map((line) => line.join(' '))
  .join('\n         ');

/** The search flags' help paragraph (search, export). */
export const SEARCH_HELP: MessageRef = { code: 'cliHelp.searchHelp', params: { fields: SORT_FIELDS.join(', ') } };

export function number(values: OptionValues, name: string): number | undefined {
  const text = str(values[name]);
  if (text === undefined) return undefined;
  const n = Number(text.replace(/_/g, ''));
  if (text.trim() === '' || !Number.isFinite(n)) throw usageError({ code: 'cli.takesNumber', params: { option: name, value: text } });
  return n;
}

function yesNo(values: OptionValues, name: string): boolean | undefined {
  const text = str(values[name])?.toLowerCase();
  if (text === undefined) return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  throw usageError({ code: 'cli.takesYesNo', params: { option: name, value: text } });
}

function range(values: OptionValues, name: string): { min?: number; max?: number } | undefined {
  const min = number(values, `${name}-min`);
  const max = number(values, `${name}-max`);
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** The filter a dimension's flags set, or undefined when none was given. */
function filterOf(values: OptionValues, name: FilterDimension): InventoryFilters[FilterDimension] {
  const d = dimension(name);
  switch (d.kind) {
    case 'state': {
      const chosen = list(values[d.cli]);
      for (const v of chosen)
        if (!(d.values as readonly string[]).includes(v))
          throw usageError({ code: 'cli.takesValues', params: { option: d.cli, values: d.values.join(', '), value: v } });
      return chosen.length === 0 ? undefined : chosen;
    }
    case 'values': {
      const chosen = list(values[d.cli]).map((v) => (d.cliUpperCase ? v.toUpperCase() : v));
      return chosen.length === 0 ? undefined : chosen;
    }
    case 'range':
      return range(values, d.cli);
    case 'flag':
      return yesNo(values, d.cli);
  }
}

/** The command line's text and search flags (plus `window`, if given) as the cache's inventory query. */
export function searchQuery(text: string, values: OptionValues, window?: { offset: number; limit: number }): ParsedInventoryQuery {
  const filters: Record<string, unknown> = {};
  // In the usage's order, so the first mistake reported is the first one the usage line shows.
  for (const name of USAGE_ORDER) {
    const filter = filterOf(values, name);
    if (filter !== undefined) filters[name] = filter;
  }

  const sortText = str(values.sort) ?? 'updatedAt:desc';
  const [field, dir = 'asc'] = sortText.split(':');
  if (!(SORT_FIELDS as readonly string[]).includes(field ?? '') || (dir !== 'asc' && dir !== 'desc')) {
    throw usageError({ code: 'cli.sortInvalid', params: { fields: SORT_FIELDS.join(', '), value: sortText } });
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
    throw usageError({ code: 'cli.searchInvalid', params: { problem: `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() } });
  }
  return parsed.data;
}
