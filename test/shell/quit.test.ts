import { describe, expect, it } from 'vitest';
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
  it('reports a clean close', async () => {
    let closed = false;
    expect(
      await closeWithin(async () => {
        await new Promise((r) => setTimeout(r, 10));
        closed = true;
      }, 1_000),
    ).toEqual({ outcome: 'closed' });
    expect(closed).toBe(true);
  });

  it('gives up on a close that hangs, at the limit', async () => {
    const started = Date.now();
    const result = await closeWithin(() => new Promise<void>(() => undefined), 50);
    expect(result.outcome).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1_000);
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
