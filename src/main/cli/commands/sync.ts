// sync [--full] [--no-photos]: the app's sync engine, with progress on one updating stderr line
// when stderr is a terminal, and a summary at the end. Ctrl-C cancels cleanly (exit 8): the
// previous inventory stays as it was.
import { textOf, textsIn } from '../../../shared/i18n/messages';
import type { SyncProgress, UiLanguage } from '../../../shared/views';
import { createAppStateStore } from '../../app-data/app-state';
import { silentLogger } from '../../base/logger';
import { notesOf } from '../../../shared/sync-notes';
import { str, type Command } from '../command';
import { EXIT, exitCodeFor } from '../exit-codes';

/** The one updating progress line, in `language`. */
export function progressLine(language: UiLanguage, p: SyncProgress, startedAt: number, now = Date.now()): string {
  const t = textsIn(language);
  const parts = [t('cli.progressPhase', { kind: p.kind, phase: t(`cli.phase_${p.phase}`) })];
  if (p.phase === 'pages' || p.vehiclesDone > 0)
    parts.push(
      t('cli.progressListings', {
        done: `${p.vehiclesDone}${p.vehiclesTotal ? `/${p.vehiclesTotal}` : ''}`,
        page: `${p.pagesDone}${p.pagesTotal ? `/${p.pagesTotal}` : ''}`,
      }),
    );
  if (p.photosTotal) parts.push(t('cli.progressPhotos', { done: p.photosDone ?? 0, total: p.photosTotal }));
  if (p.waitingMs) parts.push(t('cli.progressWaiting', { seconds: Math.ceil(p.waitingMs / 1000), reason: t(`cli.wait_${p.waitReason ?? 'retry'}`) }));
  parts.push(t('cli.seconds', { seconds: Math.round((now - startedAt) / 1000) }));
  return parts.join(' · ');
}

export const sync: Command = {
  name: 'sync',
  summary: 'cliHelp.syncSummary',
  usage: 'sync [--full] [--no-photos] [--json]',
  help: [{ code: 'cliHelp.syncHelp' }],
  options: { full: { type: 'boolean' }, 'no-photos': { type: 'boolean' } },
  async run(ctx, { values }) {
    const { session, account } = await ctx.open(await ctx.account(str(values.account)));
    const language = await ctx.language();
    const t = textsIn(language);
    const startedAt = Date.now();
    const stop = session.subscribe((event) => {
      if (event.type === 'progress') ctx.out.progress(progressLine(language, event.progress, startedAt));
    });
    const { done } = await session.startSync({ kind: values.full === true ? 'full' : 'auto', photos: values['no-photos'] !== true });
    const report = await done;
    stop();
    // The same state the app reads: the account list's last sync, and a token that works again.
    if (report.outcome === 'succeeded') {
      const state = createAppStateStore(ctx.dataDir, silentLogger);
      await state.load();
      await state.setFlags(account.id, { lastSyncAt: report.endedAt, tokenRefused: false });
    }
    ctx.out.endProgress();
    if (ctx.json) ctx.out.json(report);
    else {
      const c = report.counts;
      const d = report.details;
      const secs = ((Date.parse(report.endedAt ?? new Date().toISOString()) - Date.parse(report.startedAt)) / 1000).toFixed(1);
      if (report.outcome === 'succeeded') {
        const { total } = await session.summary();
        ctx.out.line(
          t('cli.syncDone', {
            kind: report.kind,
            seconds: secs,
            total,
            added: c.added,
            changed: c.changed,
            sold: c.sold,
            removed: c.removed,
            dropped: c.droppedByPortal,
          }),
        );
        if (!report.firstSync && c.added + c.changed + c.sold + c.removed > 0) ctx.out.line(t('changes.hint'));
        if (d.photosTotal === 0) ctx.out.line(t('cli.photosNothing'));
        else if (d.photosTotal !== undefined)
          ctx.out.line(
            t(d.photosFailed ? 'cli.photosDownloadedFailed' : 'cli.photosDownloaded', {
              done: d.photosDone ?? 0,
              total: d.photosTotal,
              failed: d.photosFailed ?? 0,
            }),
          );
      } else {
        ctx.out.line(t(report.outcome === 'cancelled' ? 'cli.syncCancelled' : 'cli.syncFailedAfter', { kind: report.kind, seconds: secs }));
      }
      for (const n of notesOf(report.details, language)) ctx.out.line(`  ${n}`);
    }
    if (ctx.signal.aborted || report.outcome === 'cancelled') return EXIT.cancelled;
    if (report.outcome === 'failed') {
      ctx.out.note(`showroom: ${report.error ? textOf(language, report.error) : t('cli.syncFailed')}`);
      if (ctx.verbose && report.error?.detail) ctx.out.note(`  detail: ${JSON.stringify(report.error.detail)}`);
      return exitCodeFor(report.error?.kind);
    }
    return EXIT.ok;
  },
};
