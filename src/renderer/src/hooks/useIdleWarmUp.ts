// Code that runs for the first time in a page is slow: V8 compiles each function as it is first
// called and learns the shapes of its values as it runs. A list's first keystroke whose answer
// changes its rows draws every visible row again with new props, through React's update path and
// the row's own code, both run for the first time then (bench/renderer-inventory.ts, "slowest
// keys": the first word of a fresh page).
//
// Once a list is ready and the page is idle, this draws the same components a few times in a
// root of its own, detached from the document, with different props each pass (`draw(pass)`), so
// that the first keystroke finds that code compiled. Nothing of it reaches the document. Each pass
// runs in an idle period of its own, and only when that period has room for it: a key pressed
// meanwhile never waits behind it. Once per mount; where the page has no idle callbacks, never.
import { useEffect, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/** Passes drawn: a first (mount), then updates, each with different props. */
export const WARM_UP_PASSES = 4;
/** An idle period shorter than this is let go: a pass takes a few ms the first time. */
export const WARM_UP_ROOM_MS = 10;

export function useIdleWarmUp(ready: boolean, draw: (pass: number) => ReactNode): void {
  const drawRef = useRef(draw);
  const done = useRef(false);
  useEffect(() => {
    drawRef.current = draw;
  });
  useEffect(() => {
    if (!ready || done.current || typeof requestIdleCallback !== 'function') return undefined;
    let root: Root | null = null;
    let pass = 0;
    // The detached root is unmounted outside React's own commit (this effect's cleanup runs in one).
    const finish = () => {
      const drawn = root;
      root = null;
      if (drawn) setTimeout(() => drawn.unmount(), 0);
    };
    const step = (deadline: IdleDeadline) => {
      if (deadline.timeRemaining() >= WARM_UP_ROOM_MS) {
        root ??= createRoot(document.createElement('div'));
        const target = root;
        flushSync(() => target.render(drawRef.current(pass)));
        pass += 1;
      }
      if (pass < WARM_UP_PASSES) {
        handle = requestIdleCallback(step);
      } else {
        done.current = true;
        finish();
      }
    };
    let handle = requestIdleCallback(step);
    return () => {
      cancelIdleCallback(handle);
      finish();
    };
  }, [ready]);
}
