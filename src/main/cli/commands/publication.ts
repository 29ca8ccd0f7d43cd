// The publication requests as commands — unpublish, publish, highlight [--off]: sent to the portal
// now when it answers (pending until a read confirms), queued for the next sync when offline,
// refused with the portal's message, or not sent when the plan has no room; one line each.
// One exit code for them all: 7 if any was refused or had no room, else 5 if any was not found, else 0.
import { renderMessage, textOf } from '../../../shared/i18n/messages';
import type { PublicationAction, PublicationOutcome, UiLanguage } from '../../../shared/views';
import { str, type Command, type CommandArgs } from '../command';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';

/** One reference's line: the outcome, then the engine's message, or ours when it gives none. */
function outcomeLine(language: UiLanguage, o: PublicationOutcome): string {
  const said = o.message === null ? renderMessage(language, `cli.outcomeText_${o.outcome}`) : textOf(language, { ...o, message: o.message });
  return `${o.reference}: ${renderMessage(language, `cli.outcome_${o.outcome}`)} — ${said}`;
}

/** Sends `action` for the positionals and prints one line per reference. */
export async function runPublication(action: PublicationAction, ctx: CliContext, { positionals, values }: CommandArgs): Promise<number> {
  const { session } = await ctx.open(await ctx.account(str(values.account)));
  const outcomes = await session.requestPublication(action, [...new Set(positionals)]);
  if (ctx.json) ctx.out.json(outcomes);
  else {
    const language = await ctx.language();
    for (const o of outcomes) ctx.out.line(outcomeLine(language, o));
  }
  if (outcomes.some((o) => o.outcome === 'refused' || o.outcome === 'no_room')) return EXIT.refused;
  if (outcomes.some((o) => o.outcome === 'not_found')) return EXIT.notFound;
  return EXIT.ok;
}

const positionals = { min: 1, max: 500, name: 'reference' } as const;

export const unpublish: Command = {
  name: 'unpublish',
  summary: 'cliHelp.unpublishSummary',
  usage: 'unpublish <reference…> [--json]',
  positionals,
  run: (ctx, args) => runPublication('unpublish', ctx, args),
};

export const publish: Command = {
  name: 'publish',
  summary: 'cliHelp.publishSummary',
  usage: 'publish <reference…> [--json]',
  positionals,
  run: (ctx, args) => runPublication('publish', ctx, args),
};

export const highlight: Command = {
  name: 'highlight',
  summary: 'cliHelp.highlightSummary',
  usage: 'highlight <reference…> [--off] [--json]',
  options: { off: { type: 'boolean' } },
  positionals,
  run: (ctx, args) => runPublication(args.values.off === true ? 'unhighlight' : 'highlight', ctx, args),
};
