// unpublish <reference…>: sent to the portal now when it answers (pending until a read confirms),
// queued for the next sync when offline, or refused with the portal's message; one line each.
import { textOf } from '../../../shared/i18n/messages';
import type { UnpublishOutcome } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { cliLanguage } from '../language';

/** Said when the engine gives no message of its own. */
const TEXT: Record<UnpublishOutcome['outcome'], string> = {
  sent: 'the portal accepted it; the listing leaves the portal within minutes',
  queued: 'the portal could not be reached; it is sent at the next sync',
  refused: 'refused by the portal',
  not_found: 'no such listing in the local inventory',
};

export const unpublish: Command = {
  name: 'unpublish',
  summary: 'Unpublish listings (queued for the next sync when offline)',
  usage: 'unpublish <reference…> [--json]',
  positionals: { min: 1, max: 500, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const outcomes = await session.unpublish([...new Set(positionals)]);
    if (ctx.json) ctx.out.json(outcomes);
    else {
      const language = await cliLanguage(str(values.lang), ctx.env, ctx.dataDir);
      for (const o of outcomes)
        ctx.out.line(
          `${o.reference}: ${o.outcome.replace('_', ' ')} — ${o.message === null ? TEXT[o.outcome] : textOf(language, { ...o, message: o.message })}`,
        );
    }
    if (outcomes.some((o) => o.outcome === 'refused')) return EXIT.refused;
    if (outcomes.some((o) => o.outcome === 'not_found')) return EXIT.notFound;
    return EXIT.ok;
  },
};
