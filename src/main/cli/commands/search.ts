// search <text> [filters]: the local inventory, exactly as the app's list filters it (offline).
import type { PublicationStateView } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, table } from '../io';
import { number, SEARCH_HELP, SEARCH_OPTIONS, SEARCH_USAGE, searchQuery } from '../search-flags';

const PORTAL_LABEL = { on: 'on portal', off: 'not on portal', pending: 'unpublish pending' } as const;

const portalOf = (p: PublicationStateView): keyof typeof PORTAL_LABEL => (!p.onPortal ? 'off' : p.unpublish === 'pending' ? 'pending' : 'on');

export const search: Command = {
  name: 'search',
  summary: 'Search the local inventory (works offline)',
  usage: `search ${SEARCH_USAGE} [--limit 20] [--offset 0] [--json]`,
  help: SEARCH_HELP,
  options: { ...SEARCH_OPTIONS, limit: { type: 'string' }, offset: { type: 'string' } },
  positionals: { min: 0, max: 50, name: 'text' },
  async run(ctx, { positionals, values }) {
    const query = searchQuery(positionals.join(' '), values, { offset: number(values, 'offset') ?? 0, limit: number(values, 'limit') ?? 20 });
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const result = await session.query(query);
    if (ctx.json) {
      ctx.out.json({ total: result.total, offset: query.window?.offset ?? 0, rows: result.rows });
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
        PORTAL_LABEL[portalOf(r.publication)] + (r.publication.highlighted ? ', highlighted' : ''),
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
