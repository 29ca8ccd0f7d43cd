// sold <reference…> --yes: marks listings as sold. The portal deletes each (DELETE
// /vehicles/:reference); Showroom keeps it in Sold with its last data once a sync no longer finds
// it. Without --yes nothing is done: the command says what would happen (the app's confirmation).
// Sent now when the portal answers, else at the next sync. Exit 7 if any was refused, else 5 if
// any is not in the inventory. `sold --list` lists the listings that left (sold-list.ts).
import { renderMessage } from '../../../shared/i18n/messages';
import type { SaleOutcome } from '../../../shared/sold';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { usageError } from '../usage-error';
import { listSold, SOLD_LIST_OPTIONS } from './sold-list';

function outcomeLine(language: UiLanguage, o: SaleOutcome): string {
  return `${o.reference}: ${renderMessage(language, `cli.saleOutcome_${o.outcome}`)} — ${renderMessage(language, o.code, o.params)}`;
}

export const sold: Command = {
  name: 'sold',
  summary: 'cliHelp.soldSummary',
  usage: 'sold <reference…> --yes [--json]\nsold --list [--search TEXT] [--left sold|removed] [--type C|M] [--limit N] [--json]',
  help: [{ code: 'cliHelp.soldHelp' }, { code: 'cliHelp.soldListHelp' }],
  options: { yes: { type: 'boolean' }, ...SOLD_LIST_OPTIONS },
  positionals: { min: 0, max: 500, name: 'reference' },
  async run(ctx, { positionals, values }) {
    if (values.list === true) {
      if (positionals.length > 0 || values.yes === true) throw usageError({ code: 'cli.soldListAlone' });
      return listSold(ctx, values);
    }
    if (positionals.length === 0) throw usageError({ code: 'cli.missingArgument', params: { name: 'reference' } });
    const references = [...new Set(positionals)];
    if (values.yes !== true) throw usageError({ code: 'cli.soldConfirm', params: { count: references.length } });
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const outcomes = await session.markSold(references, { send: true });
    if (ctx.json) ctx.out.json(outcomes);
    else {
      const language = await ctx.language();
      for (const o of outcomes) ctx.out.line(outcomeLine(language, o));
    }
    if (outcomes.some((o) => o.outcome === 'refused' && o.code !== 'sold.notInInventory')) return EXIT.refused;
    if (outcomes.some((o) => o.code === 'sold.notInInventory')) return EXIT.notFound;
    return EXIT.ok;
  },
};
