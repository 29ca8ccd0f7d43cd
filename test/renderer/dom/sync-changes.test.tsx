// @vitest-environment happy-dom
// The sync history opens each run into the listings it changed, over the real bridge; fixed answers
// stand in for main (typed with the shared view, so they keep its shape; main's side is tested in
// test/sync/changes.test.ts and test/cli/changes.test.ts). The screen shows each listing with the
// fields that changed in the UI language, and a click opens the listing.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../../src/renderer/src/AppContext';
import type { View } from '../../../src/renderer/src/navigation';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { SyncChangesView } from '../../../src/shared/listing-changes';
import type { SyncRunView } from '../../../src/shared/views';
import { installBridge, ok } from './bridge';

const counts = {
  added: 0,
  changed: 0,
  removed: 0,
  sold: 0,
  droppedByPortal: 0,
  failed: 0,
  unpublishSent: 0,
  publishSent: 0,
  highlightSent: 0,
  unhighlightSent: 0,
};
const run = (id: string, c: Partial<SyncRunView['counts']>): SyncRunView => ({
  id,
  kind: 'full',
  startedAt: `2026-01-0${id}T10:00:00.000Z`,
  endedAt: `2026-01-0${id}T10:01:00.000Z`,
  outcome: 'succeeded',
  counts: { ...counts, ...c },
  error: null,
  dataProblems: [],
  firstSync: id === '1',
});
const first = run('1', { added: 3 });
const second = run('2', { added: 1, changed: 2, removed: 1, droppedByPortal: 1, publishSent: 2, highlightSent: 1 });
const VIEWS: Record<string, SyncChangesView> = {
  '1': { run: first, changes: [], notKept: 0, expired: false },
  '2': {
    run: second,
    notKept: 0,
    expired: false,
    changes: [
      { reference: 'D', kind: 'added', title: 'Honda Civic', fields: [] },
      { reference: 'A', kind: 'changed', title: 'Volkswagen Gol', fields: [{ field: 'price', from: 50000, to: 48000 }] },
      { reference: 'B', kind: 'dropped', title: 'Volkswagen Gol', fields: [{ field: 'portal', from: 1, to: 0 }] },
      { reference: 'C', kind: 'removed', title: 'Fiat Uno', fields: [] },
    ],
  },
};

function answer(channel: ChannelName, input: unknown): Result<unknown> {
  if (channel === 'sync.history') return ok([second, first]);
  const view = channel === 'sync.changes' ? VIEWS[(input as { runId: string }).runId] : undefined;
  return view ? ok(view) : { ok: false, error: { kind: 'not_found', code: 'app.internal', message: `${channel} is not answered in this test` } };
}

beforeAll(() => {
  installBridge(answer);
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR', view?: { run?: string }) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { AppContext } = await import('../../../src/renderer/src/AppContext');
  const { SyncHistoryScreen } = await import('../../../src/renderer/src/screens/SyncHistoryScreen');
  initI18n(language);
  const navigate = vi.fn<(view: View) => void>();
  // The screen reads only `navigate` from the app's context.
  const context = { navigate } as unknown as AppContextValue;
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <AppContext.Provider value={context}>
        <SyncHistoryScreen run={view?.run} />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate };
}

describe('the sync history shows what each run changed', () => {
  it('the last run lists its listings by kind with their fields; a click opens the listing; a removed one is not a link', async () => {
    const { navigate } = await mount('en');
    const changes = await screen.findByTestId('run-changes');
    await within(changes).findByText('Added (1)');
    expect(within(changes).getByText('Changed (1)')).toBeTruthy();
    expect(within(changes).getByText('Taken off by the portal (plan limit) (1)')).toBeTruthy();
    expect(within(changes).getByText('Removed from the portal (1)')).toBeTruthy();
    expect(within(changes).getByText('Price: R$50,000 → R$48,000')).toBeTruthy();
    expect(within(changes).getByText('On the portal: yes → no')).toBeTruthy();
    const removed = changes.querySelector('[data-reference="C"]');
    expect(removed?.querySelector('button')).toBeNull();
    fireEvent.click(within(changes).getByRole('button', { name: /^A · / }));
    expect(navigate).toHaveBeenCalledWith({ screen: 'vehicle', reference: 'A' });
  });

  it('each run of the table opens into its list, in Portuguese; the first sync is summarised', async () => {
    await mount('pt-BR', { run: second.id });
    // Opened from the summary after a sync: that run's list shows in its row.
    const rows = await screen.findAllByRole('button', { name: 'Ocultar' });
    expect(rows).toHaveLength(1);
    expect(await screen.findByText('Preço: R$ 50.000 → R$ 48.000')).toBeTruthy();
    expect(screen.getByText('Retirado pelo portal (limite do plano) (1)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(await screen.findByText('Primeira sincronização: 3 anúncios lidos, todos novos.')).toBeTruthy();
  });

  it('each run says how many requests it sent from the outbox, and of which kind', async () => {
    await mount('en');
    const [latest, older] = await screen.findAllByTestId('run-sent');
    expect(screen.getByRole('columnheader', { name: 'Sent' }).getAttribute('title')).toBe('Queued requests this sync sent (unpublish, publish, highlight)');
    expect(latest?.textContent).toBe('3');
    expect(latest?.getAttribute('title')).toBe('2 queued publishes sent. 1 queued highlight sent.');
    expect(older?.textContent).toBe('0');
    expect(older?.getAttribute('title')).toBeNull();
  });
});
