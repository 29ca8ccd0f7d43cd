// Sync on demand: `sync.start` answers with the run's id as soon as the engine has one; progress,
// the end and the cache change arrive as events. One run at a time per account.
import { AppError, toErrorShape, type AppErrorShape } from '../../shared/errors';
import type { SyncRunView, SyncStatusView } from '../../shared/views';
import type { SyncRun } from '../cache';
import { META_KEYS } from '../cache';
import type { Handlers } from '../ipc/gate';
import { noteCacheError } from './cache-health';
import type { BackendContext } from './context';
import { toSyncRunReport, type SyncRunKind } from './engines';
import type { RunningSync, Session } from './session';

/** A run record as the renderer shows it (with the engine's notes in words). */
export const toRunView = (run: SyncRun): SyncRunView => toSyncRunReport(run);

function syntheticRun(runId: string, kind: SyncRunKind, startedAt: string, error: AppErrorShape): SyncRunView {
  return {
    id: runId,
    kind: kind === 'full' ? 'full' : 'incremental',
    startedAt,
    endedAt: new Date().toISOString(),
    outcome: error.kind === 'cancelled' ? 'cancelled' : 'failed',
    counts: { added: 0, changed: 0, removed: 0, droppedByPortal: 0, failed: 0, unpublishSent: 0 },
    error,
    dataProblems: [],
  };
}

async function afterRun(ctx: BackendContext, session: Session, run: SyncRunView): Promise<void> {
  if (run.outcome === 'succeeded') {
    const lastSyncAt = session.closed ? run.endedAt : (session.cache.meta.get(META_KEYS.lastSyncAt) ?? run.endedAt);
    // A sync that worked proves the stored token is good.
    await ctx.state.setFlags(session.accountId, { lastSyncAt, tokenRefused: false });
  } else if (run.error) {
    noteCacheError(ctx, run.error);
    await ctx.notePortalError(session, run.error);
  }
  ctx.deps.emit('sync.finished', run);
  if (!session.closed && ctx.sessions.active() === session) ctx.deps.emit('cache.changed', { reason: 'sync' });
}

/**
 * Starts a sync of the active account in the background. `automatic`: started by the backend
 * (the demo's first sync); the dealer's own start then joins it instead of being told "busy".
 */
export async function startSync(ctx: BackendContext, options: { kind: SyncRunKind; automatic: boolean }): Promise<{ runId: string }> {
  const session = ctx.sessions.require();
  if (session.running) {
    if (session.running.automatic && !options.automatic) return { runId: await session.running.runId };
    throw new AppError('busy', 'A sync is already running. Wait for it to finish, or cancel it.');
  }
  const startedAt = new Date().toISOString();
  let announced: string | null = null;
  let resolveId!: (id: string) => void;
  let rejectId!: (error: unknown) => void;
  const runId = new Promise<string>((resolve, reject) => {
    resolveId = resolve;
    rejectId = reject;
  });
  runId.catch(() => undefined);
  const running: RunningSync = {
    promise: Promise.resolve(),
    runId,
    automatic: options.automatic,
    announce(id) {
      if (announced !== null) return;
      announced = id;
      resolveId(id);
    },
  };
  session.running = running;
  const done = () => {
    if (session.running === running) session.running = null;
  };
  running.promise = session.sync.run({ kind: options.kind, signal: session.signal }).then(
    async (run) => {
      running.announce(run.id);
      done();
      await afterRun(ctx, session, run);
    },
    async (error: unknown) => {
      done();
      if (announced === null) {
        // Refused before it began (busy, no token…): sync.start says so.
        rejectId(error);
        await ctx.notePortalError(session, error);
        return;
      }
      ctx.log.warn('backend: sync failed', { kind: toErrorShape(error).kind });
      await afterRun(ctx, session, syntheticRun(announced, options.kind, startedAt, toErrorShape(error)));
    },
  );
  // The engine records the run before its first await: its id is known at once.
  const current = session.sync.current;
  if (current && current.runId !== '') running.announce(current.runId);
  session.background(running.promise);
  return { runId: await runId };
}

export function syncHandlers(ctx: BackendContext): Pick<Handlers, 'sync.start' | 'sync.cancel' | 'sync.status' | 'sync.history'> {
  return {
    'sync.start': ({ full }) => startSync(ctx, { kind: full ? 'full' : 'auto', automatic: false }),

    'sync.cancel': async () => {
      ctx.sessions.active()?.sync.cancel();
      return null;
    },

    'sync.status': async (): Promise<SyncStatusView> => {
      const session = ctx.sessions.require();
      const { cache } = session;
      const lastRun = cache.runs.recent(10).find((r) => r.endedAt !== null) ?? null;
      return {
        running: session.running ? session.sync.current : null,
        lastRun: lastRun && toRunView(lastRun),
        lastSuccessAt: cache.runs.lastSuccessful()?.endedAt ?? cache.meta.get(META_KEYS.lastSyncAt),
        online: session.online,
        outboxSize: cache.outbox.pendingCount(),
      };
    },

    'sync.history': async ({ limit }) => ctx.sessions.require().cache.runs.recent(limit ?? 50).map(toRunView),
  };
}
