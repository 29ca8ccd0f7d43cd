// A renderer that fails must not leave the dealer with a hidden or dead window: reload it, but
// never in a loop (a renderer that crashes at load would reload forever and burn a core), and show
// the window after a time limit even if it never said it was ready. Pure: index.ts wires it to
// did-fail-load, render-process-gone, unresponsive and ready-to-show.

/** Reloads allowed within RELOAD_WINDOW_MS before the app gives up and says so. */
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 60_000;
/** The window is shown this long after it was created even if `ready-to-show` never came. */
export const SHOW_LIMIT_MS = 10_000;
/** A renderer that has not answered for this long is reloaded (the dealer has waited long enough). */
export const UNRESPONSIVE_RELOAD_MS = 30_000;

export interface ReloadGuard {
  /** 'reload' while fewer than MAX_RELOADS happened in the last RELOAD_WINDOW_MS; then 'give-up'. */
  next(): 'reload' | 'give-up';
  /** Reloads counted in the window so far. */
  count(): number;
}

export function createReloadGuard(now: () => number = Date.now, max = MAX_RELOADS, windowMs = RELOAD_WINDOW_MS): ReloadGuard {
  let times: number[] = [];
  const recent = () => {
    const t = now();
    times = times.filter((at) => t - at < windowMs);
    return t;
  };
  return {
    next() {
      const t = recent();
      if (times.length >= max) return 'give-up';
      times.push(t);
      return 'reload';
    },
    count() {
      recent();
      return times.length;
    },
  };
}

/** Chromium's net::ERR_ABORTED: a load replaced by another one (a reload, a navigation), not a failure. */
const ERR_ABORTED = -3;

/** did-fail-load: only a failed main-frame load of the app itself calls for a reload. */
export function loadFailureAction(input: { errorCode: number; isMainFrame: boolean }): 'reload' | 'ignore' {
  return input.isMainFrame && input.errorCode !== ERR_ABORTED ? 'reload' : 'ignore';
}

/** render-process-gone: a clean exit is the app quitting; anything else (crash, OOM, killed) is reloaded. */
export function rendererGoneAction(reason: string): 'reload' | 'ignore' {
  return reason === 'clean-exit' ? 'ignore' : 'reload';
}

/** A window that has not been shown yet is shown when ready, or at the latest after SHOW_LIMIT_MS. */
export interface Showable {
  isDestroyed(): boolean;
  isVisible(): boolean;
  show(): void;
  maximize(): void;
}

/**
 * Shows the window, maximized if it was: `maximize()` shows the window itself, so it is called here
 * (in ready-to-show) and not at creation, where it would show an unpainted window.
 */
export function showWindow(window: Showable, maximized: boolean): void {
  if (window.isDestroyed() || window.isVisible()) return;
  if (maximized) window.maximize();
  else window.show();
}
