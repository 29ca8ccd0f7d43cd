// The inventory's counts also change with time alone: a listing's address grace ends (it then needs
// attention), midnight turns every listing's days in stock over. Nothing is written then, so no
// change would be announced, and a screen read later (Needs attention's list) would disagree with
// one read before (the badge). This timer announces that moment as a change of the listings is.
import type { Clock } from '../cache/clock';

/** setTimeout's longest delay; a later moment is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface TimeChanges {
  /** (Re)computes the next moment: after the listings changed, since it may have moved. */
  arm(): void;
  stop(): void;
}

export function watchTimeChanges(options: { changesAt: () => number; clock: Clock; onChange: () => void }): TimeChanges {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  function arm(): void {
    clear();
    if (stopped) return;
    const at = options.changesAt();
    if (!Number.isFinite(at)) return;
    const fire = () => {
      timer = null;
      // Woken before the moment (a long wait in steps, or a clock that is not the timer's): wait on.
      if (options.clock().getTime() < at) arm();
      else {
        options.onChange();
        arm();
      }
    };
    timer = setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(0, at - options.clock().getTime())));
    // The CLI's process ends when its command does: this timer never holds it open.
    timer.unref();
  }
  return {
    arm,
    stop() {
      stopped = true;
      clear();
    },
  };
}
