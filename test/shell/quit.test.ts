import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterQuitQuestion,
  closeWithin,
  QUIT_CLOSE_LIMIT_MS,
  quitStep,
  SHUTDOWN_CLOSE_LIMIT_MS,
  syncRunningAfter,
  type QuitState,
} from '../../src/main/shell/quit';

describe('quitStep: prevent the quit once, close the backend, then exit', () => {
  it('the dealer quits while idle: close within the time limit', () => {
    expect(quitStep({ state: 'open', reason: 'user', syncRunning: false })).toEqual({ prevent: true, then: 'close', limitMs: QUIT_CLOSE_LIMIT_MS });
  });

  it('the dealer quits mid-sync: ask first', () => {
    expect(quitStep({ state: 'open', reason: 'user', syncRunning: true })).toEqual({ prevent: true, then: 'ask' });
  });

  it('the OS shuts down: never ask (nobody would answer), close with the shorter limit, even mid-sync', () => {
    expect(quitStep({ state: 'open', reason: 'shutdown', syncRunning: true })).toEqual({ prevent: true, then: 'close', limitMs: SHUTDOWN_CLOSE_LIMIT_MS });
    // ...and while the question is on screen: the OS wins.
    expect(quitStep({ state: 'asking', reason: 'shutdown', syncRunning: true })).toEqual({ prevent: true, then: 'close', limitMs: SHUTDOWN_CLOSE_LIMIT_MS });
    expect(SHUTDOWN_CLOSE_LIMIT_MS).toBeLessThan(QUIT_CLOSE_LIMIT_MS);
  });

  it('a second quit while asking or closing changes nothing; once closed, Electron may quit', () => {
    for (const state of ['asking', 'closing'] as QuitState[])
      expect(quitStep({ state, reason: 'user', syncRunning: true })).toEqual({ prevent: true, then: 'wait' });
    expect(quitStep({ state: 'closing', reason: 'shutdown', syncRunning: false })).toEqual({ prevent: true, then: 'wait' });
    expect(quitStep({ state: 'closed', reason: 'user', syncRunning: true })).toEqual({ prevent: false });
  });

  it('the answer: quit anyway closes; keep syncing goes back to normal', () => {
    expect(afterQuitQuestion(true)).toEqual({ state: 'closing', close: true });
    expect(afterQuitQuestion(false)).toEqual({ state: 'open', close: false });
  });

  it('follows the sync from the backend’s events', () => {
    expect(syncRunningAfter('sync.progress', false)).toBe(true);
    expect(syncRunningAfter('cache.changed', true)).toBe(true);
    expect(syncRunningAfter('sync.finished', true)).toBe(false);
    expect(syncRunningAfter('connectivity', false)).toBe(false);
  });
});

describe('closeWithin', () => {
  // Vitest's fake timers are the clock: the limit is checked to the millisecond, and no test waits for it.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports a clean close, finished before the limit', async () => {
    let finish: () => void = () => undefined;
    const result = closeWithin(() => new Promise<void>((resolve) => (finish = resolve)), 1_000);
    await vi.advanceTimersByTimeAsync(999);
    finish();
    expect(await result).toEqual({ outcome: 'closed' });
  });

  it('gives up on a close that hangs, at the limit and not before', async () => {
    let outcome: string | undefined;
    const result = closeWithin(() => new Promise<void>(() => undefined), 5_000).then((r) => (outcome = r.outcome));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(outcome).toBe('timed-out');
  });

  it('reports a close that fails, with its error, and one that throws at once', async () => {
    const boom = new Error('database is locked');
    expect(await closeWithin(() => Promise.reject(boom), 1_000)).toEqual({ outcome: 'failed', error: boom });
    expect(
      (
        await closeWithin(() => {
          throw boom;
        }, 1_000)
      ).outcome,
    ).toBe('failed');
  });
});
