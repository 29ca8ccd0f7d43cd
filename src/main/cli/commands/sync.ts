// sync [--full] [--no-photos]: the app's sync engine, with progress on one updating stderr line
// when stderr is a terminal, and a summary at the end. Ctrl-C cancels cleanly (exit 8): the
// previous inventory stays as it was.
import { renderMessage, textOf } from '../../../shared/i18n/messages';
import type { SyncProgress } from '../../../shared/views';
import { createAppStateStore } from '../../backend/app-state';
import { silentLogger } from '../../shell/logger';
import { notesOf } from '../../sync';
import { str, type Command } from '../command';
import { EXIT, exitCodeFor } from '../exit-codes';
import { cliLanguage } from '../language';

const PHASES: Record<SyncProgress['phase'], string> = {
  outbox: 'sending queued changes',
  plan: 'reading the plan',
  pages: 'reading listings',
  photos: 'downloading photos',
  done: 'finishing',
};

export function progressLine(p: SyncProgress, startedAt: number, now = Date.now()): string {
  const secs = Math.round((now - startedAt) / 1000);
  const parts = [`Sync (${p.kind}) ${PHASES[p.phase]}`];
  if (p.phase === 'pages' || p.vehiclesDone > 0)
    parts.push(`${p.vehiclesDone}${p.vehiclesTotal ? `/${p.vehiclesTotal}` : ''} listings, page ${p.pagesDone}${p.pagesTotal ? `/${p.pagesTotal}` : ''}`);
  if (p.photosTotal) parts.push(`photos ${p.photosDone ?? 0}/${p.photosTotal}`);
  if (p.waitingMs)
    parts.push(
      `waiting ${Math.ceil(p.waitingMs / 1000)} s (${p.waitReason === 'rate_limit' ? 'rate limit' : p.waitReason === 'queue' ? 'portal queue' : 'retry'})`,
    );
  parts.push(`${secs} s`);
  return parts.join(' · ');
}

export const sync: Command = {
  name: 'sync',
  summary: 'Sync the inventory with the portal (incremental; --full reads every page)',
  usage: 'sync [--full] [--no-photos] [--json]',
  help: `Sends queued unpublishes first, then reads the listings (an incremental pass when a full one
has succeeded in the last 24 hours), then downloads photos (covers, or all as the account's setting
says) unless --no-photos. Ctrl-C cancels: the previous inventory stays exactly as it was.`,
  options: { full: { type: 'boolean' }, 'no-photos': { type: 'boolean' } },
  async run(ctx, { values }) {
    const { session, account } = await ctx.open(await ctx.account(str(values.account)));
    const startedAt = Date.now();
    const stop = session.subscribe((event) => {
      if (event.type === 'progress') ctx.out.progress(progressLine(event.progress, startedAt));
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
    const language = await cliLanguage(str(values.lang), ctx.env, ctx.dataDir);
    ctx.out.endProgress();
    if (ctx.json) ctx.out.json(report);
    else {
      const c = report.counts;
      const d = report.details;
      const secs = ((Date.parse(report.endedAt ?? new Date().toISOString()) - Date.parse(report.startedAt)) / 1000).toFixed(1);
      if (report.outcome === 'succeeded') {
        const { total } = await session.summary();
        ctx.out.line(
          `Sync (${report.kind}) done in ${secs} s: ${total} listings; ${c.added} added, ${c.changed} changed, ${c.removed} removed, ${c.droppedByPortal} dropped by the portal.`,
        );
        if (!report.firstSync && c.added + c.changed + c.removed > 0) ctx.out.line(renderMessage(language, 'changes.hint'));
        if (d.photosTotal === 0) ctx.out.line('Photos: nothing to download.');
        else if (d.photosTotal !== undefined)
          ctx.out.line(`Photos: ${d.photosDone ?? 0} downloaded of ${d.photosTotal} missing${d.photosFailed ? `, ${d.photosFailed} failed` : ''}.`);
      } else if (report.outcome === 'cancelled') {
        ctx.out.line(`Sync (${report.kind}) cancelled after ${secs} s; the inventory is as it was before.`);
      } else {
        ctx.out.line(`Sync (${report.kind}) failed after ${secs} s; the inventory is as it was before.`);
      }
      for (const n of notesOf(report.details, language)) ctx.out.line(`  ${n}`);
    }
    if (ctx.signal.aborted || report.outcome === 'cancelled') return EXIT.cancelled;
    if (report.outcome === 'failed') {
      ctx.out.note(`showroom: ${report.error ? textOf(language, report.error) : 'The sync failed.'}`);
      if (ctx.verbose && report.error?.detail) ctx.out.note(`  detail: ${JSON.stringify(report.error.detail)}`);
      return exitCodeFor(report.error?.kind);
    }
    return EXIT.ok;
  },
};
