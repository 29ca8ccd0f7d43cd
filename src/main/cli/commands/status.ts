// status: the account, its last sync, the inventory's headline numbers, the outbox and the cache's
// size. Reads only local data: instant, and works offline.
import { textOf, textsIn } from '../../../shared/i18n/messages';
import { notesOf, requestsSent } from '../../../shared/sync-notes';
import { str, type Command } from '../command';
import { cacheFileBytes } from '../context';
import { EXIT } from '../exit-codes';
import { formatBytes, labelledLines } from '../io';

export const status: Command = {
  name: 'status',
  summary: 'cliHelp.statusSummary',
  usage: 'status [--json]',
  async run(ctx, { values }) {
    const account = await ctx.account(str(values.account));
    const { session, paths } = await ctx.open(account);
    const photoMode = account.settings.photos;
    const [summary, [lastRun = null], photoUsage, sync] = await Promise.all([
      session.summary(),
      session.history(1),
      session.photoUsage(),
      session.syncStatus(),
    ]);
    const report = {
      account: { id: account.id, name: account.name, baseUrl: account.baseUrl },
      dataDir: ctx.dataDir,
      lastSyncAt: summary.lastSyncAt,
      lastRun,
      inventory: summary,
      outbox: sync.outboxSize,
      cache: { databaseBytes: cacheFileBytes(paths.cacheFile), photos: { ...photoUsage, mode: photoMode } },
      token: ctx.envToken ? 'SHOWROOM_TOKEN' : 'keychain',
    };
    if (ctx.json) {
      ctx.out.json(report);
      return EXIT.ok;
    }
    const language = await ctx.language();
    const t = textsIn(language);
    const run = lastRun && { id: lastRun.id, kind: lastRun.kind, outcome: lastRun.outcome, at: lastRun.startedAt };
    const lines: Array<[string, string]> = [
      [t('cli.statusAccount'), `${account.name} (${account.id})`],
      [t('cli.statusPortal'), account.baseUrl],
      [t('cli.statusDataDir'), ctx.dataDir],
      [t('cli.statusLastSync'), summary.lastSyncAt ?? t('cli.never')],
      [t('cli.statusLastRun'), !run ? '—' : lastRun.error ? t('cli.lastRunSaid', { ...run, message: textOf(language, lastRun.error) }) : t('cli.lastRun', run)],
      [
        t('cli.statusListings'),
        t('cli.listingCounts', { total: summary.total, onPortal: summary.onPortal, notOnPortal: summary.notOnPortal, pending: summary.unpublishPending }),
      ],
      [t('cli.statusHighlighted'), String(summary.highlighted)],
      [t('cli.statusWithProblems'), t('cli.withProblems', { problems: summary.withProblems, rejected: summary.withRejectedPhotos })],
      [t('cli.statusNeedsAttention'), summary.needsAttention > 0 ? t('cli.needsAttentionHint', { needed: summary.needsAttention }) : '0'],
      [t('cli.statusOutbox'), t('cli.outboxWaiting', { waiting: report.outbox })],
      [
        t('cli.statusCache'),
        t('cli.cacheSize', {
          database: formatBytes(report.cache.databaseBytes, language),
          photos: formatBytes(photoUsage.bytes, language),
          files: photoUsage.files,
          budget: formatBytes(photoUsage.budgetBytes, language),
          mode: t(photoMode === 'all' ? 'cli.photoModeAll' : 'cli.photoModeCovers'),
        }),
      ],
    ];
    if (lastRun?.outcome === 'succeeded') {
      const c = lastRun.counts;
      const counts = t(lastRun.firstSync ? 'cli.runCountsFirst' : 'cli.runCounts', {
        added: c.added,
        changed: c.changed,
        dropped: c.droppedByPortal,
        sold: c.sold,
        removed: c.removed,
      });
      lines.splice(5, 0, [t('cli.statusLastRunChanged'), `${counts}. ${t('changes.hint')}`]);
      // The requests it sent from the outbox, by kind (the run's notes say them).
      const sent = notesOf(requestsSent(c), language);
      if (sent.length > 0) lines.splice(6, 0, [t('cli.statusLastRunSent'), sent.join(' ')]);
    }
    const problems = lastRun?.dataProblems ?? [];
    if (problems.length > 0)
      lines.push([t('cli.statusDataProblems'), notesOf({ unidentified: lastRun?.details.unidentified ?? problems.length }, language).join(' ')]);
    for (const line of labelledLines(lines)) ctx.out.line(line);
    const indent = ' '.repeat(Math.max(...lines.map(([l]) => l.length)) + 2);
    for (const p of problems) ctx.out.line(`${indent}${t(`cli.dataProblem_${p.problem}`)} ${p.excerpt}`);
    return EXIT.ok;
  },
};
