// status: the account, its last sync, the inventory's headline numbers, the outbox and the cache's
// size. Reads only local data: instant, and works offline.
import { renderMessage } from '../../../shared/i18n/messages';
import type { SyncDataProblemKind } from '../../../shared/views';
import { notesOf, requestsSent } from '../../sync';
import { str, type Command } from '../command';
import { cacheFileBytes } from '../context';
import { EXIT } from '../exit-codes';
import { formatBytes } from '../io';
import { cliLanguage } from '../language';

const DATA_PROBLEM_LABEL: Record<SyncDataProblemKind, string> = { not_an_object: 'not a listing:', no_reference: 'a listing without a reference:' };

export const status: Command = {
  name: 'status',
  summary: 'Account, last sync, inventory counts, outbox and cache size (offline)',
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
    const lines: Array<[string, string]> = [
      ['Account', `${account.name} (${account.id})`],
      ['Portal', account.baseUrl],
      ['Data folder', ctx.dataDir],
      ['Last sync', summary.lastSyncAt ?? 'never'],
      [
        'Last run',
        lastRun ? `${lastRun.id} (${lastRun.kind}), ${lastRun.outcome}, started ${lastRun.startedAt}${lastRun.error ? `: ${lastRun.error.message}` : ''}` : '—',
      ],
      ['Listings', `${summary.total} (${summary.onPortal} on the portal, ${summary.notOnPortal} not, ${summary.unpublishPending} unpublish pending)`],
      ['Highlighted', String(summary.highlighted)],
      ['With problems', `${summary.withProblems} (${summary.withRejectedPhotos} with rejected photos)`],
      ['Needs attention', `${summary.needsAttention}${summary.needsAttention > 0 ? ' (showroom attention)' : ''}`],
      ['Outbox', `${report.outbox} waiting`],
      [
        'Cache',
        `${formatBytes(report.cache.databaseBytes)} database, ${formatBytes(photoUsage.bytes)} in ${photoUsage.files} photos (budget ${formatBytes(photoUsage.budgetBytes)}, ${photoMode === 'all' ? 'all photos' : 'covers only'})`,
      ],
    ];
    if (lastRun?.outcome === 'succeeded') {
      const c = lastRun.counts;
      const language = await cliLanguage(str(values.lang), ctx.env, ctx.dataDir);
      const counts = `${c.added} added${lastRun.firstSync ? ' (first sync)' : ''}, ${c.changed} changed (${c.droppedByPortal} dropped by the portal), ${c.removed} removed`;
      lines.splice(5, 0, ['Last run changed', `${counts}. ${renderMessage(language, 'changes.hint')}`]);
      // The requests it sent from the outbox, by kind (the run's notes say them).
      const sent = notesOf(requestsSent(c), language);
      if (sent.length > 0) lines.splice(6, 0, ['Last run sent', sent.join(' ')]);
    }
    const problems = lastRun?.dataProblems ?? [];
    if (problems.length > 0) lines.push(['Data problems', notesOf({ unidentified: lastRun?.details.unidentified ?? problems.length }).join(' ')]);
    const width = Math.max(...lines.map(([l]) => l.length)) + 2;
    for (const [label, text] of lines) ctx.out.line(`${`${label}:`.padEnd(width)}${text}`);
    for (const p of problems) ctx.out.line(`${' '.repeat(width)}${DATA_PROBLEM_LABEL[p.problem]} ${p.excerpt}`);
    return EXIT.ok;
  },
};
