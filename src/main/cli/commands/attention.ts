// attention: the listings that need the dealer, one heading per reason (most urgent first) with
// what fixes it, then its listings; the reasons as the cache computes them (shared/attention.ts),
// the texts the app's Needs attention screen shows, in the dealer's language. Reads only local data.
import { ATTENTION_REASONS, isSuggestion, refusalMessage, type AttentionReason } from '../../../shared/attention';
import { renderMessage } from '../../../shared/i18n/messages';
import type { InventoryPage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { number } from '../search-flags';

const DEFAULT_LIMIT = 20;

export const attention: Command = {
  name: 'attention',
  summary: 'cliHelp.attentionSummary',
  usage: 'attention [--limit 20] [--json]',
  help: [{ code: 'cliHelp.attentionHelp' }],
  options: { limit: { type: 'string' } },
  async run(ctx, { values }) {
    const limit = number(values, 'limit') ?? DEFAULT_LIMIT;
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const summary = await session.summary();
    const pages = await Promise.all(
      ATTENTION_REASONS.map(async (reason) => ({ reason, page: await session.query({ filters: { attention: [reason] }, window: { offset: 0, limit } }) })),
    );
    const found = pages.filter((p) => p.page.total > 0);
    if (ctx.json) {
      ctx.out.json({ total: summary.needsAttention, reasons: found.map(({ reason, page }) => ({ reason, total: page.total, rows: page.rows })) });
      return EXIT.ok;
    }
    const language = await ctx.language();
    ctx.out.line(renderMessage(language, 'attention.count', { count: summary.needsAttention }));
    for (const { reason, page } of found) for (const line of reasonLines(language, reason, page)) ctx.out.line(line);
    return EXIT.ok;
  },
};

function reasonLines(language: Parameters<typeof renderMessage>[0], reason: AttentionReason, page: InventoryPage): string[] {
  const lines = ['', `${renderMessage(language, `attentionReason.${reason}`)} (${page.total})`];
  // Not in the count on the first line: say so, as the app's screen does.
  if (isSuggestion(reason)) lines.push(`  ${renderMessage(language, 'attention.suggestion')}`);
  lines.push(`  ${renderMessage(language, `attentionFix.${reason}`)}`);
  for (const row of page.rows) {
    const others = row.attention.filter((r) => r !== reason).map((r) => renderMessage(language, `attentionReason.${r}`));
    const also = others.length > 0 ? `  (${renderMessage(language, 'attention.also', { reasons: others.join(', ') })})` : '';
    const message = refusalMessage(row.publication);
    // The portal's own words, as kept when it refused (they say it was refused).
    const said = message ? `  — ${message}` : '';
    lines.push(`  ${row.reference}${row.title ? `  ${row.title}` : ''}${said}${also}`);
  }
  if (page.total > page.rows.length) lines.push(`  ${renderMessage(language, 'cli.attentionMore', { count: page.total - page.rows.length, reason })}`);
  return lines;
}
