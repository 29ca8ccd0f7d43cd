// @vitest-environment happy-dom
// The first sync of an empty account, on the inventory: "No listings yet" with a Sync button, then
// "on their way" while the sync runs, then the rows. Between the sync's end and the answer to the
// summary read after it, the screen still says the listings are on their way: it used to flash
// "No listings yet" and a second Sync button there (an e2e helper met the two Sync buttons).
// The whole app is rendered (Root) over the real bridge (./bridge.ts); fixed answers stand in for main.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result, SyncProgress } from '../../../src/shared/contract';
import type { SyncRunView } from '../../../src/shared/views';
import { en } from '../../../src/shared/i18n/en';
import { giveElementsHeight, installBridge, ok } from './bridge';
import { renderApp } from './render-app';
import { activeAccount, appAnswer, noFacets } from './main-answers';
import { rowView } from './rows';

/** Never synced. */
const account = activeAccount({ lastSyncAt: null });
const facets = noFacets();
const progress: SyncProgress = { runId: 'run-1', kind: 'full', phase: 'pages', pagesDone: 1, pagesTotal: 1, vehiclesDone: 3, vehiclesTotal: 3 };
const finished: SyncRunView = {
  id: 'run-1',
  kind: 'full',
  startedAt: '2026-01-02T10:00:00.000Z',
  endedAt: '2026-01-02T10:01:00.000Z',
  outcome: 'succeeded',
  counts: { added: 3, changed: 0, removed: 0, sold: 0, droppedByPortal: 0, failed: 0, unpublishSent: 0, publishSent: 0, highlightSent: 0, unhighlightSent: 0 },
  error: null,
  dataProblems: [],
  firstSync: true,
};

/** How many listings main has; while `held` is set, summary reads wait there until the test lets them go. */
let cached = 0;
let held: (() => void)[] | null = null;

function answerNow(channel: ChannelName, input: unknown): Result<unknown> {
  const app = appAnswer(channel, account);
  if (app) return app;
  switch (channel) {
    case 'sync.status':
      return ok({ running: null, lastRun: null, lastSuccessAt: null, online: true, outboxSize: 0 });
    case 'inventory.summary':
      return ok({
        total: cached,
        onPortal: cached,
        notOnPortal: 0,
        unpublishPending: 0,
        highlighted: 0,
        withProblems: 0,
        withRejectedPhotos: 0,
        lastSyncAt: null,
      });
    case 'inventory.facets':
      return ok(facets);
    case 'inventory.query': {
      const { window } = input as { window: { offset: number; limit: number } };
      const rows = Array.from({ length: Math.max(0, Math.min(window.limit, cached - window.offset)) }, (_, k) =>
        rowView({ reference: `REF-${window.offset + k}` }),
      );
      return ok({ total: cached, rows });
    }
    default:
      return { ok: false, error: { kind: 'internal', code: 'app.internal', message: `${channel} is not answered in this test` } };
  }
}

function answer(channel: ChannelName, input: unknown): Result<unknown> | Promise<Result<unknown>> {
  if (channel === 'inventory.summary' && held) {
    const queue = held;
    return new Promise((resolve) => queue.push(() => resolve(answerNow(channel, input))));
  }
  return answerNow(channel, input);
}

const noListings = () => screen.queryByRole('heading', { name: en.inventory.emptyNoSync.title });
const onTheirWay = () => screen.queryByRole('heading', { name: en.inventory.emptySyncing.title });

describe('the first sync on the inventory', () => {
  let main: ReturnType<typeof installBridge>;
  beforeAll(() => {
    main = installBridge(answer);
    giveElementsHeight();
  });
  afterAll(cleanup);

  it('says the listings are on their way from the start of the sync until they are drawn, never "No listings yet" in between', async () => {
    await renderApp();
    await waitFor(() => expect(noListings()).not.toBeNull());

    act(() => main.emit('sync.progress', progress));
    await waitFor(() => expect(onTheirWay()).not.toBeNull());

    // The sync wrote its listings and ended; the summary read that follows has not answered yet.
    held = [];
    cached = 3;
    act(() => main.emit('cache.changed', { reason: 'sync' }));
    act(() => main.emit('sync.finished', finished));
    await waitFor(() => expect(held?.length).toBeGreaterThan(0));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(noListings()).toBeNull();
    expect(onTheirWay()).not.toBeNull();

    const waiting = held;
    held = null;
    act(() => waiting.forEach((release) => release()));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="inventory-row"]')).toHaveLength(3));
    expect(onTheirWay()).toBeNull();
    expect(noListings()).toBeNull();
  });
});
