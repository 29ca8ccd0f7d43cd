// @vitest-environment happy-dom
// useIdleWarmUp: once the list is ready, a few passes drawn at idle in a detached root, each in an
// idle period with room for it; nothing in the document; the root unmounted after the last pass
// or when the list goes; once per mount; nothing where the page has no idle callbacks.
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleWarmUp, WARM_UP_PASSES, WARM_UP_ROOM_MS } from '../../../src/renderer/src/hooks/useIdleWarmUp';

/** Idle callbacks the test runs itself, with the time left it chooses. */
let idle: Map<number, IdleRequestCallback>;
let nextHandle: number;
function runIdle(timeLeft: number): number {
  const due = [...idle.entries()];
  idle.clear();
  act(() => {
    for (const [, callback] of due) callback({ didTimeout: false, timeRemaining: () => timeLeft });
  });
  return due.length;
}

/** What the warm-up drew: the passes it was asked for, the pieces mounted and unmounted, and where. */
const drawn = { passes: [] as number[], mounted: 0, unmounted: 0, inDocument: 0 };
function Piece({ pass }: { pass: number }) {
  useEffect(() => {
    drawn.mounted += 1;
    return () => {
      drawn.unmounted += 1;
    };
  }, []);
  return (
    <span
      ref={(el) => {
        if (el?.isConnected) drawn.inDocument += 1;
      }}
    >
      pass {pass}
    </span>
  );
}
function List({ ready }: { ready: boolean }) {
  useIdleWarmUp(ready, (pass) => {
    drawn.passes.push(pass);
    return <Piece pass={pass} />;
  });
  return <p>the list</p>;
}

beforeEach(() => {
  idle = new Map();
  nextHandle = 1;
  Object.assign(drawn, { passes: [], mounted: 0, unmounted: 0, inDocument: 0 });
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    idle.set(nextHandle, callback);
    return nextHandle++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle));
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useIdleWarmUp', () => {
  it('draws its passes at idle, off the document, then unmounts them, once', () => {
    const view = render(<List ready={false} />);
    expect(idle.size).toBe(0);
    view.rerender(<List ready />);
    for (let pass = 0; pass < WARM_UP_PASSES; pass++) expect(runIdle(50)).toBe(1);
    expect(drawn.passes).toEqual([0, 1, 2, 3].slice(0, WARM_UP_PASSES));
    expect(drawn.mounted).toBe(1);
    expect(drawn.inDocument).toBe(0);
    expect(document.body.textContent).toBe('the list');
    expect(idle.size).toBe(0);
    act(() => void vi.runAllTimers());
    expect(drawn.unmounted).toBe(1);
    // Ready again (the list emptied and filled): not drawn again in this mount.
    view.rerender(<List ready={false} />);
    view.rerender(<List ready />);
    expect(idle.size).toBe(0);
  });

  it('lets a short idle period go and waits for one with room', () => {
    render(<List ready />);
    expect(runIdle(WARM_UP_ROOM_MS - 1)).toBe(1);
    expect(drawn.passes).toEqual([]);
    expect(idle.size).toBe(1);
    runIdle(WARM_UP_ROOM_MS);
    expect(drawn.passes).toEqual([0]);
  });

  it('stops and unmounts what it drew when the list goes', () => {
    const view = render(<List ready />);
    runIdle(50);
    expect(drawn.mounted).toBe(1);
    view.unmount();
    expect(idle.size).toBe(0);
    act(() => void vi.runAllTimers());
    expect(drawn.unmounted).toBe(1);
  });

  it('draws nothing where the page has no idle callbacks', () => {
    vi.unstubAllGlobals();
    expect(typeof globalThis.requestIdleCallback).toBe('undefined');
    render(<List ready />);
    act(() => void vi.runAllTimers());
    expect(drawn.passes).toEqual([]);
  });
});
