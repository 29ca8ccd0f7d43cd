import { describe, expect, it } from 'vitest';
import {
  createReloadGuard,
  loadFailureAction,
  MAX_RELOADS,
  RELOAD_WINDOW_MS,
  rendererGoneAction,
  showWindow,
  type Showable,
} from '../../src/main/shell/window-recovery';

describe('reload guard', () => {
  it('allows MAX_RELOADS reloads in a window of time, then gives up', () => {
    let now = 1_000;
    const guard = createReloadGuard(() => now);
    for (let i = 0; i < MAX_RELOADS; i++) {
      expect(guard.next()).toBe('reload');
      now += 1_000;
    }
    expect(guard.next()).toBe('give-up');
    expect(guard.count()).toBe(MAX_RELOADS);
  });

  it('forgets reloads older than the window: a crash a day is not a loop', () => {
    let now = 0;
    const guard = createReloadGuard(() => now);
    for (let i = 0; i < MAX_RELOADS; i++) guard.next();
    now += RELOAD_WINDOW_MS;
    expect(guard.next()).toBe('reload');
    expect(guard.count()).toBe(1);
  });
});

describe('what calls for a reload', () => {
  it('a failed load of the main frame, not an aborted one (a reload replacing a load) nor a subframe', () => {
    expect(loadFailureAction({ errorCode: -102, isMainFrame: true })).toBe('reload'); // connection refused (dev server down)
    expect(loadFailureAction({ errorCode: -6, isMainFrame: true })).toBe('reload'); // file not found
    expect(loadFailureAction({ errorCode: -3, isMainFrame: true })).toBe('ignore');
    expect(loadFailureAction({ errorCode: -102, isMainFrame: false })).toBe('ignore');
  });

  it('a renderer that crashed, ran out of memory or was killed; not one that exited because the app quits', () => {
    for (const reason of ['crashed', 'oom', 'killed', 'abnormal-exit', 'launch-failed', 'integrity-failure']) expect(rendererGoneAction(reason)).toBe('reload');
    expect(rendererGoneAction('clean-exit')).toBe('ignore');
  });
});

describe('showWindow', () => {
  function fakeWindow(): Showable & { calls: string[] } {
    const calls: string[] = [];
    let visible = false;
    return {
      calls,
      isDestroyed: () => false,
      isVisible: () => visible,
      show: () => {
        calls.push('show');
        visible = true;
      },
      maximize: () => {
        calls.push('maximize');
        visible = true;
      },
    };
  }

  it('maximizes (which shows) a window that was maximized, shows the others, and only once', () => {
    const maximized = fakeWindow();
    showWindow(maximized, true);
    showWindow(maximized, true);
    expect(maximized.calls).toEqual(['maximize']);
    const normal = fakeWindow();
    showWindow(normal, false);
    expect(normal.calls).toEqual(['show']);
  });
});
