// sold --list: the listings that left the inventory (the app's Sold view), newest first, as a table
// or --json ({ total, rows }, as `search --json`). --search over reference, title and brand, --left
// sold|removed, --type C|M: the Sold view's search and filters; a sale not yet deleted by the portal
// is listed as a sale pending, among the sold. Reads only local data.
import { textsIn, type MessageCode } from '../../../shared/i18n/messages';
import { makeFormatters } from '../../../shared/i18n/format';
import { DEPARTED_LIMIT_MAX, DEPARTURES, departedQuerySchema, type DepartedListingView, type DepartedQuery, type Departure } from '../../../shared/sold';
import { list, str, type OptionValues } from '../command';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, table } from '../io';
import { number } from '../search-flags';
import { usageError } from '../usage-error';

export const SOLD_LIST_OPTIONS = {
  list: { type: 'boolean' },
  search: { type: 'string' },
  left: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  limit: { type: 'string' },
} as const;

const COLUMNS = ['cli.columnReference', 'cli.columnTitle', 'cli.columnLastPrice', 'cli.columnLeftOn', 'cli.columnDaysInStock', 'cli.columnLeftAs'] as const;
const LEFT_AS: Record<DepartedListingView['leftAs'], MessageCode> = { sold: 'cli.leftAs_sold', removed: 'cli.leftAs_removed', pending: 'cli.leftAs_pending' };

/** The Sold view's query from the flags; a value it does not know is the caller's mistake, said plainly. */
export function departedQuery(values: OptionValues): DepartedQuery {
  const left = list(values.left);
  const unknown = left.find((value) => !(DEPARTURES as readonly string[]).includes(value));
  if (unknown !== undefined) throw usageError({ code: 'cli.takesValues', params: { option: 'left', values: DEPARTURES.join(', '), value: unknown } });
  const types = list(values.type).map((t) => t.toUpperCase());
  const limit = number(values, 'limit');
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= DEPARTED_LIMIT_MAX))
    throw usageError({ code: 'cli.takesNumber', params: { option: 'limit', value: String(limit) } });
  const search = str(values.search);
  const query = {
    ...(search === undefined || search.trim() === '' ? {} : { search }),
    ...(left.length === 0 ? {} : { leftAs: left as Departure[] }),
    ...(types.length === 0 ? {} : { type: types }),
    ...(limit === undefined ? {} : { limit }),
  };
  const parsed = departedQuerySchema.safeParse(query);
  if (!parsed.success) throw usageError({ code: 'cache.queryInvalid' });
  return parsed.data;
}

export async function listSold(ctx: CliContext, values: OptionValues): Promise<number> {
  const query = departedQuery(values);
  const { session } = await ctx.open(await ctx.account(str(values.account)));
  const result = await session.departedListings(query);
  if (ctx.json) {
    ctx.out.json(result);
    return EXIT.ok;
  }
  const language = await ctx.language();
  const t = textsIn(language);
  const f = makeFormatters(language);
  const days = (row: DepartedListingView) =>
    row.daysInStock === null ? null : row.daysAtLeast ? t('cli.daysAtLeast', { days: f.number(row.daysInStock) }) : formatNumber(row.daysInStock, language);
  const lines = table(
    COLUMNS.map((c) => t(c)),
    result.rows.map((row) => [
      row.reference,
      row.title,
      formatMoney(row.price, language),
      f.listDate(row.soldAt ?? row.leftAt),
      days(row),
      t(LEFT_AS[row.leftAs]),
    ]),
    new Set([2, 4]),
  );
  if (result.rows.length > 0) for (const l of lines) ctx.out.line(l);
  ctx.out.note(result.total === 0 ? t('cli.noMatch') : t('cli.matches', { from: 1, to: result.rows.length, total: result.total }));
  return EXIT.ok;
}
