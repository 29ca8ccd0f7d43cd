// The publication requests as commands — unpublish, publish, highlight [--off]: sent to the portal
// now when it answers (pending until a read confirms), queued for the next sync when offline,
// refused with the portal's message, or not sent when the plan has no room; one line each.
// One exit code for them all: 7 if any was refused or had no room, else 5 if any was not found, else 0.
import { textOf } from '../../../shared/i18n/messages';
import type { PublicationAction, PublicationOutcome } from '../../../shared/views';
import { str, type Command, type CommandArgs } from '../command';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { cliLanguage } from '../language';

/** Said when the engine gives no message of its own. */
const TEXT: Record<PublicationOutcome['outcome'], string> = {
  sent: 'the portal accepted it; the listing changes on the portal within minutes',
  queued: 'the portal could not be reached; it is sent at the next sync',
  refused: 'refused by the portal',
  not_found: 'no such listing in the local inventory',
  no_room: 'not sent: the plan has no room left for it',
};

/** Sends `action` for the positionals and prints one line per reference. */
export async function runPublication(action: PublicationAction, ctx: CliContext, { positionals, values }: CommandArgs): Promise<number> {
  const { session } = await ctx.open(await ctx.account(str(values.account)));
  const outcomes = await session.requestPublication(action, [...new Set(positionals)]);
  if (ctx.json) ctx.out.json(outcomes);
  else {
    const language = await cliLanguage(str(values.lang), ctx.env, ctx.dataDir);
    for (const o of outcomes)
      ctx.out.line(`${o.reference}: ${o.outcome.replace('_', ' ')} — ${o.message === null ? TEXT[o.outcome] : textOf(language, { ...o, message: o.message })}`);
  }
  if (outcomes.some((o) => o.outcome === 'refused' || o.outcome === 'no_room')) return EXIT.refused;
  if (outcomes.some((o) => o.outcome === 'not_found')) return EXIT.notFound;
  return EXIT.ok;
}

const positionals = { min: 1, max: 500, name: 'reference' } as const;

export const unpublish: Command = {
  name: 'unpublish',
  summary: 'Unpublish listings (queued for the next sync when offline)',
  usage: 'unpublish <reference…> [--json]',
  positionals,
  run: (ctx, args) => runPublication('unpublish', ctx, args),
};

export const publish: Command = {
  name: 'publish',
  summary: 'Publish listings again (queued for the next sync when offline; not sent beyond the plan’s free slots)',
  usage: 'publish <reference…> [--json]',
  positionals,
  run: (ctx, args) => runPublication('publish', ctx, args),
};

export const highlight: Command = {
  name: 'highlight',
  summary: 'Highlight listings, or with --off remove the highlight (queued when offline; not sent beyond the plan’s highlights)',
  usage: 'highlight <reference…> [--off] [--json]',
  options: { off: { type: 'boolean' } },
  positionals,
  run: (ctx, args) => runPublication(args.values.off === true ? 'unhighlight' : 'highlight', ctx, args),
};
