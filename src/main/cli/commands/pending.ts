// pending, discard: the changes the portal has not confirmed yet (the pending-change ledger), one
// line each, and taking back one not sent yet — by its id, or every such change of a listing.
// Reads and writes only local data.
import { renderMessage, type MessageCode } from '../../../shared/i18n/messages';
import { REFUSED_BY_CHECKS, type PendingChangeView } from '../../../shared/pending-changes';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';

/** How a status reads ('pending' and 'sending' are both still waiting, as the app says). */
const STATUS_TEXT: Partial<Record<PendingChangeView['status'], MessageCode>> = {
  pending: 'ledger.queued',
  sending: 'ledger.queued',
  sent: 'ledger.sent',
  refused: 'ledger.refused',
  not_applied: 'ledger.not_applied',
};

function changeLine(language: UiLanguage, c: PendingChangeView): string {
  const status = STATUS_TEXT[c.status];
  // Refused by Showroom's own checks: its error says so, where the status would say "by the portal".
  const ours = c.error?.code === REFUSED_BY_CHECKS;
  const said = c.error === null || ours ? '' : `  — ${renderMessage(language, c.error.code, c.error.params)}`;
  const state = ours ? renderMessage(language, REFUSED_BY_CHECKS, c.error?.params) : status ? renderMessage(language, status) : c.status;
  return `#${c.id}  ${c.reference}  ${c.kind}  ${state}${c.title ? `  ${c.title}` : ''}${said}`;
}

export const pending: Command = {
  name: 'pending',
  summary: 'cliHelp.pendingSummary',
  usage: 'pending [--json]',
  async run(ctx, { values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const changes = await session.pendingChanges();
    if (ctx.json) {
      ctx.out.json(changes);
      return EXIT.ok;
    }
    const language = await ctx.language();
    if (changes.length === 0) ctx.out.line(renderMessage(language, 'ledger.none'));
    for (const c of changes) ctx.out.line(changeLine(language, c));
    return EXIT.ok;
  },
};

export const discard: Command = {
  name: 'discard',
  summary: 'cliHelp.discardSummary',
  usage: 'discard <reference|id> [--json]',
  positionals: { min: 1, max: 1, name: 'reference|id' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const target = positionals[0] ?? '';
    // `showroom pending` shows ids as #12; a reference is never only digits.
    const id = /^#?\d+$/.test(target) ? Number(target.replace('#', '')) : null;
    const discarded = await session.discardChanges(id === null ? { reference: target } : { id });
    if (ctx.json) ctx.out.json(discarded);
    else {
      const language = await ctx.language();
      ctx.out.line(renderMessage(language, 'ledger.discardedCount', { count: discarded.length }));
      for (const c of discarded) ctx.out.line(changeLine(language, c));
    }
    return EXIT.ok;
  },
};
