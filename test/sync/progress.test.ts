// Progress goes out at most once per interval on its own clock (a late last state rather than
// none), phase changes and the end at once. The clock and the timers are the test's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressTracker } from '../../src/main/sync/progress';
import type { SyncProgress } from '../../src/shared/views';

describe('ProgressTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function tracker(): { progress: ProgressTracker; events: Array<{ at: number; p: SyncProgress }> } {
    const events: Array<{ at: number; p: SyncProgress }> = [];
    const progress = new ProgressTracker({
      runId: '1',
      kind: 'full',
      intervalMs: 100,
      tick: () => Date.now(),
      onProgress: (p) => events.push({ at: Date.now(), p }),
    });
    return { progress, events };
  }

  it('a page every 10 ms for a second: one event per 100 ms, the last state included', async () => {
    const { progress, events } = tracker();
    progress.start();
    progress.phase('pages');
    const started = Date.now();
    for (let page = 1; page <= 100; page++) {
      await vi.advanceTimersByTimeAsync(10);
      progress.addPages(1, page === 1 ? 100 : 0);
    }
    await vi.advanceTimersByTimeAsync(100);
    const pageEvents = events.filter((e) => e.p.phase === 'pages' && e.at > started);
    expect(pageEvents.length).toBeGreaterThanOrEqual(9);
    expect(pageEvents.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < pageEvents.length; i++) expect(pageEvents[i]!.at - pageEvents[i - 1]!.at).toBeGreaterThanOrEqual(100);
    expect(events.at(-1)?.p.pagesDone).toBe(100);
  });

  it('a phase change and the end go out at once, and nothing after the end', async () => {
    const { progress, events } = tracker();
    progress.start();
    progress.addPages(1, 10);
    progress.phase('pages');
    expect(events.map((e) => e.p.phase)).toEqual(['outbox', 'pages']);
    progress.addPages(1);
    progress.finish();
    expect(events.at(-1)?.p).toMatchObject({ phase: 'done', pagesDone: 2 });
    const count = events.length;
    progress.addPages(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events).toHaveLength(count);
  });
});
