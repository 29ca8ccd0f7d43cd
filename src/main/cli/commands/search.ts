// search <text> [filters]: the local inventory, exactly as the app's list filters it (offline).
import { textsIn, type MessageCode } from '../../../shared/i18n/messages';
import type { PublicationStateView } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, table } from '../io';
import { number, SEARCH_HELP, SEARCH_OPTIONS, SEARCH_USAGE, searchQuery } from '../search-flags';

const portalOf = (p: PublicationStateView): MessageCode => (!p.onPortal ? 'cli.portalOff' : p.unpublish === 'pending' ? 'cli.portalPending' : 'cli.portalOn');

const COLUMNS = [
  'cli.columnReference',
  'cli.columnTitle',
  'cli.columnYear',
  'cli.columnPrice',
  'cli.columnKm',
  'cli.columnPortal',
  'cli.columnPhotos',
] as const;

export const search: Command = {
  name: 'search',
  summary: 'cliHelp.searchSummary',
  usage: `search ${SEARCH_USAGE} [--limit 20] [--offset 0] [--json]`,
  help: [SEARCH_HELP],
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
    const language = await ctx.language();
    const t = textsIn(language);
    const lines = table(
      COLUMNS.map((c) => t(c)),
      result.rows.map((r) => [
        r.reference,
        r.title,
        r.modelYear,
        formatMoney(r.price, language),
        formatNumber(r.mileage, language),
        r.publication.highlighted ? t('cli.portalHighlighted', { state: t(portalOf(r.publication)) }) : t(portalOf(r.publication)),
        r.rejectedPhotoCount > 0 ? t('cli.photosRejected', { count: r.pictureCount, rejected: r.rejectedPhotoCount }) : `${r.pictureCount}`,
      ]),
      new Set([2, 3, 4]),
    );
    if (result.rows.length > 0) for (const l of lines) ctx.out.line(l);
    const from = (query.window?.offset ?? 0) + (result.rows.length > 0 ? 1 : 0);
    ctx.out.note(result.total === 0 ? t('cli.noMatch') : t('cli.matches', { from, to: (query.window?.offset ?? 0) + result.rows.length, total: result.total }));
    return EXIT.ok;
  },
};
