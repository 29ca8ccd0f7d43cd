// "Closing the app window shuts Showroom down": the shell knows its window only through the
// bridge socket. A reload closes the socket and opens a new one within a moment, so the shell
// stops only when no window has been connected for `graceMs` after one had been.
export interface IdleWatch {
  /** Tell the watch how many windows are connected now. */
  connected(count: number): void;
  stop(): void;
}

export interface IdleWatchOptions {
  graceMs: number;
  onIdle: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createIdleWatch({
  graceMs,
  onIdle,
  setTimer = setTimeout,
  clearTimer = (t) => clearTimeout(t as NodeJS.Timeout),
}: IdleWatchOptions): IdleWatch {
  let seen = false;
  let timer: unknown;
  const cancel = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  return {
    connected(count) {
      if (count > 0) {
        seen = true;
        cancel();
      } else if (seen && timer === undefined) {
        timer = setTimer(() => {
          timer = undefined;
          onIdle();
        }, graceMs);
      }
    },
    stop: cancel,
  };
}
