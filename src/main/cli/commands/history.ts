// history <reference>: a listing's price history (in stock or departed), offline: every price a
// sync read on the portal and every price the dealer set, with when and from where. `show` prints
// the same lines under the listing.
import { MESSAGES, textsIn } from '../../../shared/i18n/messages';
import type { PriceHistoryView } from '../../../shared/price-history';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney } from '../io';

/** The history as `history` and `show` print it: a heading, then one line per price, oldest first. */
export function priceHistoryLines(language: UiLanguage, view: PriceHistoryView): string[] {
  const t = textsIn(language);
  const heading =
    view.daysAtCurrentPrice === null
      ? t('cli.priceHistory', { entries: view.entries.length })
      : t('cli.priceHistoryDays', { entries: view.entries.length, days: view.daysAtCurrentPrice });
  const sources = MESSAGES[language].priceHistory.source;
  return [heading, ...view.entries.map((e) => `  ${e.at}  ${(formatMoney(e.value, language) ?? '').padStart(16)}  ${sources[e.source]}`)];
}

export const history: Command = {
  name: 'history',
  summary: 'cliHelp.historySummary',
  usage: 'history <reference> [--json]',
  positionals: { min: 1, max: 1, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const [reference = ''] = positionals;
    const view = await session.priceHistory(reference);
    if (ctx.json) ctx.out.json(view);
    else for (const line of priceHistoryLines(await ctx.language(), view)) ctx.out.line(line);
    return view.entries.length === 0 ? EXIT.notFound : EXIT.ok;
  },
};
