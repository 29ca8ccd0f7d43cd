// "Closing the app window stops Showroom": the watch over the bridge's connections.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleWatch } from '../../src/main/browser-shell/idle';

describe('createIdleWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops once no window has been connected for the grace period', () => {
    const onIdle = vi.fn();
    const watch = createIdleWatch({ graceMs: 3000, onIdle });
    watch.connected(1);
    watch.connected(0);
    vi.advanceTimersByTime(2999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('survives a reload (the window reconnects within the grace period)', () => {
    const onIdle = vi.fn();
    const watch = createIdleWatch({ graceMs: 3000, onIdle });
    watch.connected(1);
    watch.connected(0);
    vi.advanceTimersByTime(500);
    watch.connected(1);
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('never stops before a window has connected at all', () => {
    const onIdle = vi.fn();
    const watch = createIdleWatch({ graceMs: 3000, onIdle });
    watch.connected(0);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('stop() cancels a pending stop', () => {
    const onIdle = vi.fn();
    const watch = createIdleWatch({ graceMs: 3000, onIdle });
    watch.connected(1);
    watch.connected(0);
    watch.stop();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
