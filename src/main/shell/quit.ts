// Quitting: the database must be closed (WAL checkpointed, staged photo files removed) before the
// process ends. Electron's quit does not wait for a promise, so the first quit is prevented, the
// backend closes within a time limit, and the app then exits (the pattern of VS Code's lifecycle
// service and Signal Desktop's main: prevent once, do the work, quit again for real).
// Pure: index.ts feeds it Electron's events and carries out what it answers.

/** Why the app is quitting: the dealer (menu, Cmd+Q, last window closed) or the OS going down. */
export type QuitReason = 'user' | 'shutdown';

/** open → (asking) → closing → closed. */
export type QuitState = 'open' | 'asking' | 'closing' | 'closed';

export type QuitStep =
  /** Let Electron quit (the backend is closed). */
  | { prevent: false }
  /** Stop this quit and do nothing more (already asking or closing). */
  | { prevent: true; then: 'wait' }
  /** Stop this quit and ask the dealer whether to stop the running sync. */
  | { prevent: true; then: 'ask' }
  /** Stop this quit, close the backend within `limitMs`, then exit. */
  | { prevent: true; then: 'close'; limitMs: number };

/** The dealer's quit: enough for a sync to stop at its next request and SQLite to checkpoint. */
export const QUIT_CLOSE_LIMIT_MS = 5_000;
/** The OS is logging out or shutting down: Windows ends the process about 5 s after session-end. */
export const SHUTDOWN_CLOSE_LIMIT_MS = 2_500;

export interface QuitInput {
  state: QuitState;
  reason: QuitReason;
  syncRunning: boolean;
}

export function quitStep({ state, reason, syncRunning }: QuitInput): QuitStep {
  if (state === 'closed') return { prevent: false };
  if (reason === 'shutdown') {
    // The OS does not wait for an answer: never ask; a close already under way carries on.
    return state === 'closing' ? { prevent: true, then: 'wait' } : { prevent: true, then: 'close', limitMs: SHUTDOWN_CLOSE_LIMIT_MS };
  }
  if (state !== 'open') return { prevent: true, then: 'wait' };
  if (syncRunning) return { prevent: true, then: 'ask' };
  return { prevent: true, then: 'close', limitMs: QUIT_CLOSE_LIMIT_MS };
}

/** The answer to "a sync is running, quit anyway?": the state the app goes back to, or closing. */
export function afterQuitQuestion(quitAnyway: boolean): { state: QuitState; close: boolean } {
  return quitAnyway ? { state: 'closing', close: true } : { state: 'open', close: false };
}

export type CloseOutcome = 'closed' | 'timed-out' | 'failed';

/**
 * Runs `close` and settles within `limitMs` whatever it does: a close that hangs (a sync stuck
 * on a dead connection, a locked file) must not keep a window-less process alive.
 */
export async function closeWithin(close: () => Promise<void>, limitMs: number): Promise<{ outcome: CloseOutcome; error?: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ outcome: CloseOutcome }>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'timed-out' }), limitMs);
  });
  const closing = Promise.resolve()
    .then(close)
    .then(
      () => ({ outcome: 'closed' as const }),
      (error: unknown) => ({ outcome: 'failed' as const, error }),
    );
  try {
    return await Promise.race([closing, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a sync runs, followed from the backend's events (the quit question must be answered at once). */
export function syncRunningAfter(event: string, running: boolean): boolean {
  if (event === 'sync.progress') return true;
  if (event === 'sync.finished') return false;
  return running;
}
