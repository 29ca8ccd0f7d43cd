// @vitest-environment happy-dom
// A sync's progress events redraw the progress and nothing else: not the inventory screen, not
// one of its rows. A keystroke in the search box redraws neither the table nor the filter panel
// (its rows are asked for at once), and an answer with the same listings redraws no row. At idle,
// the rows on screen are drawn again off the document (hooks/useIdleWarmUp.ts). The search box
// keeps its own text, and the screen still clears it (Esc, the no-results message).
// The whole app is rendered (Root: query cache, contexts, screens) over the real bridge
// (./bridge.ts); fixed answers stand in for main.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType, MemoExoticComponent, ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { SyncProgress, VehicleRowView } from '../../../src/shared/contract';
import type * as FilterPanelModule from '../../../src/renderer/src/components/FilterPanel';
import type * as InventoryRowModule from '../../../src/renderer/src/components/InventoryRow';
import type * as InventoryTableModule from '../../../src/renderer/src/components/InventoryTable';
import type * as InventoryScreenModule from '../../../src/renderer/src/screens/InventoryScreen';
import { rowView } from './rows';
import { giveElementsHeight, installBridge, ok } from './bridge';
import { renderApp } from './render-app';
import { activeAccount, appAnswer, noFacets } from './main-answers';

const renders = vi.hoisted(() => ({ rows: 0, screen: 0, table: 0, filters: 0 }));

/** The same component (memoised as it is, with the same comparison), counting each real render. */
const counting = vi.hoisted(
  () =>
    async <P extends object>(component: ComponentType<P> | MemoExoticComponent<ComponentType<P>>, count: () => void): Promise<ComponentType<P>> => {
      const { memo } = await import('react');
      const memoised = 'type' in component ? (component as unknown as { type: (props: P) => ReactNode; compare: ((a: P, b: P) => boolean) | null }) : null;
      const inner = memoised ? memoised.type : (component as (props: P) => ReactNode);
      const Counted = (props: P) => {
        count();
        return inner(props);
      };
      return memoised ? memo(Counted, memoised.compare ?? undefined) : Counted;
    },
);

vi.mock('../../../src/renderer/src/components/InventoryRow', async (importOriginal) => {
  const real = await importOriginal<typeof InventoryRowModule>();
  return { InventoryRow: await counting(real.InventoryRow, () => renders.rows++) };
});
vi.mock('../../../src/renderer/src/components/InventoryTable', async (importOriginal) => {
  const real = await importOriginal<typeof InventoryTableModule>();
  return { InventoryTable: await counting(real.InventoryTable, () => renders.table++) };
});
vi.mock('../../../src/renderer/src/components/FilterPanel', async (importOriginal) => {
  const real = await importOriginal<typeof FilterPanelModule>();
  return { FilterPanel: await counting(real.FilterPanel, () => renders.filters++) };
});
vi.mock('../../../src/renderer/src/screens/InventoryScreen', async (importOriginal) => {
  const real = await importOriginal<typeof InventoryScreenModule>();
  return { InventoryScreen: await counting(real.InventoryScreen, () => renders.screen++) };
});

const TOTAL = 40;
const account = activeAccount();
const row = (i: number): VehicleRowView => rowView({ reference: `REF-${i}`, title: `Vehicle ${i}`, price: 50_000 + i, mileage: 1_000 * i });
const facets = noFacets();
facets.portal = { on: TOTAL, off: 0, pending: 0 };

/** The one text that matches nothing. */
const NOTHING = 'no such listing';

/** While set, inventory.query answers wait here until the test lets them go. */
let held: (() => void)[] | null = null;
/** The screen's render count when each held query was asked for. */
const askedAtScreenRender: number[] = [];

/** What main would answer, for the reads this screen makes; anything else is an error. */
function answer(channel: ChannelName, input: unknown): Result<unknown> | Promise<Result<unknown>> {
  if (channel === 'inventory.query' && held) {
    const queue = held;
    askedAtScreenRender.push(renders.screen);
    return new Promise((resolve) => queue.push(() => resolve(answerNow(channel, input))));
  }
  return answerNow(channel, input);
}

/** The same listings whatever the text: a search's answer can leave the rows as they were. */
function answerNow(channel: ChannelName, input: unknown): Result<unknown> {
  const app = appAnswer(channel, account);
  if (app) return app;
  switch (channel) {
    case 'sync.status':
      return ok({ running: null, lastRun: null, lastSuccessAt: account.lastSyncAt, online: true, outboxSize: 0 });
    case 'inventory.summary':
      return ok({
        total: TOTAL,
        onPortal: TOTAL,
        notOnPortal: 0,
        unpublishPending: 0,
        highlighted: 0,
        withProblems: 0,
        withRejectedPhotos: 0,
        lastSyncAt: account.lastSyncAt,
      });
    case 'inventory.facets':
      return ok(facets);
    case 'changes.newListings':
      return ok([]);
    case 'inventory.query': {
      const { text, window } = input as { text: string; window: { offset: number; limit: number } };
      if (text === NOTHING) return ok({ total: 0, rows: [] });
      const rows = Array.from({ length: Math.max(0, Math.min(window.limit, TOTAL - window.offset)) }, (_, k) => row(window.offset + k));
      return ok({ total: TOTAL, rows });
    }
    default:
      return { ok: false, error: { kind: 'internal', code: 'app.internal', message: `${channel} is not answered in this test` } };
  }
}

const progress = (vehiclesDone: number): SyncProgress => ({
  runId: 'run-1',
  kind: 'incremental',
  phase: 'pages',
  pagesDone: 1,
  pagesTotal: 4,
  vehiclesDone,
  vehiclesTotal: 100,
});

describe('sync progress and the inventory', () => {
  let main: ReturnType<typeof installBridge>;
  beforeAll(() => {
    main = installBridge(answer);
    giveElementsHeight();
  });
  afterAll(cleanup);

  /** The whole app on the inventory, every first read answered (the filter counts wait for typing to pause): the screen is still. */
  async function mountSettled() {
    const client = await renderApp();
    await waitFor(() => expect(document.querySelectorAll('[data-testid="inventory-row"]').length).toBeGreaterThanOrEqual(5));
    await waitFor(() => expect(client.getQueryData(['inventory.facets', { text: '', filters: {} }])).toEqual(facets));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // The count screen readers hear settles 700 ms after the rows (it redraws the screen then).
    await waitFor(() => expect(screen.getByTestId('result-count-spoken').textContent).not.toBe(''), { timeout: 3_000 });
  }

  it('renders no inventory row (and not the inventory) on progress events', async () => {
    await mountSettled();

    // The first event starts the run (the inventory hears that a sync runs, once).
    act(() => main.emit('sync.progress', progress(0)));
    await screen.findByRole('region', { name: 'Sync progress' });
    renders.rows = 0;
    renders.screen = 0;

    for (let done = 1; done <= 20; done++) act(() => main.emit('sync.progress', progress(done * 5)));
    // The events did arrive and were drawn: the progress shows the last one.
    expect(screen.getByRole('progressbar', { name: /100 of 100/ })).toBeTruthy();
    expect(renders.screen).toBe(0);
    expect(renders.rows).toBe(0);
  });

  it('draws neither the table nor the filter panel on a keystroke, and no row for an answer with the same listings', async () => {
    cleanup();
    // Wide enough for the filter panel to show from the start.
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    await mountSettled();
    expect(screen.getByTestId('filter-panel')).toBeTruthy();
    held = [];
    main.calls.length = 0;
    renders.rows = 0;
    renders.screen = 0;
    renders.table = 0;
    renders.filters = 0;

    const search = screen.getByTestId<HTMLInputElement>('inventory-search');
    act(() => void fireEvent.change(search, { target: { value: 'f' } }));
    // The keystroke is drawn (the box shows it) and its rows are asked for in its own event; the
    // screen waits for the answer to draw the text with its rows, the list untouched meanwhile.
    expect(search.value).toBe('f');
    expect(main.calls.filter((c) => c.channel === 'inventory.query').map((c) => (c.input as { text: string }).text)).toEqual(['f']);
    expect(askedAtScreenRender).toEqual([0]);
    expect(renders.screen).toBe(0);
    expect(renders.table).toBe(0);
    expect(renders.filters).toBe(0);
    expect(renders.rows).toBe(0);

    // The answer: the same listings (this main ignores the text). The table draws it; no row changed.
    const queue = held;
    held = null;
    await act(async () => {
      for (const release of queue) release();
    });
    // The text and its rows in one render of the screen (before the filter counts, which wait for a pause).
    expect(renders.screen).toBe(1);
    expect(renders.table).toBe(1);
    expect(document.querySelectorAll('[data-testid="inventory-row"]').length).toBeGreaterThanOrEqual(5);
    expect(renders.rows).toBe(0);
  });

  it('draws the rows on screen again at idle, off the document, each pass with other listings in them', async () => {
    cleanup();
    const { WARM_UP_PASSES } = await import('../../../src/renderer/src/hooks/useIdleWarmUp');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      await mountSettled();
      const shownRows = () => [...document.querySelectorAll('[data-testid="inventory-row"]')].map((r) => r.textContent);
      const before = shownRows();
      expect(before.length).toBeGreaterThanOrEqual(5);
      renders.rows = 0;
      while (idle.length > 0) act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 50 }));
      // A first pass mounts a row for each on screen; each later one draws every row again (its listing changed).
      expect(renders.rows).toBe(WARM_UP_PASSES * before.length);
      expect(shownRows()).toEqual(before);
    } finally {
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('clears the search from the box (Esc) and from the no-results message, and asks for every listing again', async () => {
    cleanup();
    await mountSettled();
    const search = () => screen.getByTestId<HTMLInputElement>('inventory-search');
    const lastText = () => (main.calls.filter((c) => c.channel === 'inventory.query').at(-1)?.input as { text: string }).text;
    const shownCount = () => screen.getByTestId('result-count').dataset.count;

    act(() => void fireEvent.change(search(), { target: { value: 'fiat' } }));
    expect(lastText()).toBe('fiat');
    act(() => void fireEvent.keyDown(search(), { key: 'Escape' }));
    expect(search().value).toBe('');
    expect(lastText()).toBe('');
    await waitFor(() => expect(shownCount()).toBe(String(TOTAL)));

    // The empty text was typed before (Esc): clearing from the message still asks for it again.
    act(() => void fireEvent.change(search(), { target: { value: NOTHING } }));
    const clear = await screen.findByRole('button', { name: 'Clear search' });
    expect(shownCount()).toBe('0');
    act(() => clear.click());
    await waitFor(() => expect(search().value).toBe(''));
    expect(lastText()).toBe('');
    await waitFor(() => expect(shownCount()).toBe(String(TOTAL)));
  });
});
