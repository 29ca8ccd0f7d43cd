// @vitest-environment happy-dom
// Needs attention over the real bridge: fixed answers stand in for main (typed with the shared
// views; main's side, the reasons themselves, is tested in test/cache/attention.test.ts). The
// navigation shows the count; the screen shows one section per reason with its fix, each listing
// with its other reasons, in both languages; a click opens the listing.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../../src/renderer/src/AppContext';
import type { View } from '../../../src/renderer/src/navigation';
import type { AttentionReason } from '../../../src/shared/attention';
import type { ChannelName, ChannelInput, Result } from '../../../src/shared/contract';
import type { FacetCounts } from '../../../src/shared/inventory';
import type { InventoryPage, InventorySummary, VehicleRowView } from '../../../src/shared/views';
import { rowView } from './rows';
import { installBridge, ok, type TestBridge } from './bridge';
import { noFacets } from './main-answers';

const row = (reference: string, title: string, attention: AttentionReason[]): VehicleRowView => rowView({ reference, title, attention });
const BY_REASON: Partial<Record<AttentionReason, InventoryPage>> = {
  droppedByPlan: { total: 1, rows: [row('D', 'Fiat Uno', ['droppedByPlan'])] },
  rejectedPhotos: { total: 60, rows: [row('R', 'Honda Civic', ['rejectedPhotos', 'inactive'])] },
  fewerPhotos: { total: 111, rows: [row('F', 'Fiat Mobi', ['fewerPhotos'])] },
};
let needsAttention = 61;
const summary = (): InventorySummary => ({
  total: 100,
  onPortal: 99,
  notOnPortal: 1,
  unpublishPending: 0,
  highlighted: 0,
  withProblems: 0,
  withRejectedPhotos: 60,
  needsAttention,
  lastSyncAt: null,
});

/** The listings whose rejected photos Showroom can send again. */
let candidates: string[] = [];
function answer(channel: ChannelName, input: unknown): Result<unknown> {
  if (channel === 'inventory.summary') return ok(summary());
  if (channel === 'changes.photosAgainCandidates') return ok(candidates);
  if (channel === 'changes.photosAgain')
    return ok(
      (input as ChannelInput<'changes.photosAgain'>).references?.map((reference, i) => ({
        reference,
        outcome: i === 0 ? 'sent' : 'queued',
        changeId: i,
        message: '',
      })),
    );
  if (channel === 'inventory.query') {
    const reason = (input as ChannelInput<'inventory.query'>).filters?.attention?.[0] as AttentionReason | undefined;
    return ok((reason && BY_REASON[reason]) ?? { total: 0, rows: [] });
  }
  return { ok: false, error: { kind: 'not_found', code: 'app.internal', message: `${channel} is not answered in this test` } };
}

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge(answer);
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR') {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { AppContext } = await import('../../../src/renderer/src/AppContext');
  const { AttentionScreen } = await import('../../../src/renderer/src/screens/AttentionScreen');
  const { NavBar } = await import('../../../src/renderer/src/components/NavBar');
  initI18n(language);
  const navigate = vi.fn<(view: View) => void>();
  // The screen and the nav read only `view` and `navigate` from the app's context.
  const context = { navigate, view: { screen: 'attention' } } as unknown as AppContextValue;
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <AppContext.Provider value={context}>
        <NavBar />
        <AttentionScreen />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate };
}

describe('needs attention', () => {
  it('the navigation counts the listings; each reason has its section with the fix; other reasons show; a click opens the listing', async () => {
    needsAttention = 61;
    const { navigate } = await mount('en');
    const nav = screen.getByRole('navigation');
    expect(await within(nav).findByRole('button', { name: 'Needs attention 61' })).toBeTruthy();
    expect(await screen.findByText('61 listings need attention')).toBeTruthy();
    const dropped = await screen.findByRole('region', { name: 'Dropped by the plan (1)' });
    expect(within(dropped).getByText(/Publish it again when there is room/)).toBeTruthy();
    const rejected = screen.getByRole('region', { name: 'Rejected photos (60)' });
    expect(within(rejected).getByText(/Send all photos again/)).toBeTruthy();
    expect(within(rejected).getByText(/Also: Inactive/)).toBeTruthy();
    expect(within(rejected).getByText(/^Showing the first 1 of 60\./)).toBeTruthy();
    // The rest of the list is one click away: the inventory filtered by this reason.
    fireEvent.click(within(rejected).getByRole('button', { name: 'See all 60 in the inventory' }));
    expect(navigate).toHaveBeenCalledWith({ screen: 'inventory', filters: { attention: ['rejectedPhotos'] } });
    // A suggestion (not counted in the 61) has its section, and says it is not counted; the others do not.
    const fewer = screen.getByRole('region', { name: 'Fewer photos than the plan allows (111)' });
    expect(within(fewer).getByTestId('attention-suggestion').textContent).toBe(
      'A suggestion, not counted in Needs attention: nothing is wrong with these listings, they could do better.',
    );
    expect(within(rejected).queryByTestId('attention-suggestion')).toBeNull();
    expect(screen.getAllByTestId('attention-suggestion')).toHaveLength(1);
    // Reasons no listing has get no section.
    expect(screen.queryByRole('region', { name: /Inactive/ })).toBeNull();
    expect(document.querySelectorAll('[data-reason]')).toHaveLength(3);
    fireEvent.click(within(rejected).getByRole('button', { name: 'R · Honda Civic' }));
    expect(navigate).toHaveBeenCalledWith({ screen: 'vehicle', reference: 'R' });
  });

  it('in Portuguese', async () => {
    needsAttention = 61;
    await mount('pt-BR');
    expect(await within(screen.getByRole('navigation')).findByRole('button', { name: 'Requer atenção 61' })).toBeTruthy();
    expect(await screen.findByText('61 anúncios requerem atenção')).toBeTruthy();
    const rejected = await screen.findByRole('region', { name: 'Fotos recusadas (60)' });
    expect(within(rejected).getByText(/Envie todas as fotos de novo/)).toBeTruthy();
    expect(within(rejected).getByText(/Também: Inativo/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Retirado pelo plano (1)' })).toBeTruthy();
    expect(screen.getByTestId('attention-suggestion').textContent).toMatch(/^Uma sugestão, fora da contagem de Requer atenção/);
    expect(screen.getByRole('button', { name: 'Ver todos os 60 no estoque' })).toBeTruthy();
  });

  it('nothing to do: no count in the navigation, and the screen says so', async () => {
    needsAttention = 0;
    await mount('en');
    expect(await screen.findByText('No listing needs your attention.')).toBeTruthy();
    // Suggestions still show below, marked as such, so "no listing" and their section agree.
    expect(await screen.findByTestId('attention-suggestion')).toBeTruthy();
    expect(within(screen.getByRole('navigation')).getByRole('button', { name: 'Needs attention' })).toBeTruthy();
    expect(screen.queryByTestId('attention-nav-count')).toBeNull();
  });
});

describe('the filter panel’s attention values', () => {
  it('mark a suggestion as not counted, as Needs attention does, in both languages', async () => {
    const { initI18n } = await import('../../../src/renderer/src/i18n');
    const { FilterPanel } = await import('../../../src/renderer/src/components/FilterPanel');
    const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
    const empty = noFacets();
    const facets: FacetCounts = { ...empty, attention: { ...empty.attention, rejectedPhotos: 9, fewerPhotos: 111 } };
    for (const [language, legend, text] of [
      ['en', 'Needs attention (main reason)', 'Fewer photos than the plan allows (suggestion, not counted)'],
      ['pt-BR', 'Requer atenção (motivo principal)', 'Menos fotos do que o plano permite (sugestão, não contada)'],
    ] as const) {
      initI18n(language);
      // The panel names models from the catalogue, which it reads through the query client.
      render(
        <QueryClientProvider client={createQueryClient(() => undefined)}>
          <FilterPanel facets={facets} filters={{}} onChange={vi.fn()} />
        </QueryClientProvider>,
      );
      const group = screen.getByRole('group', { name: legend });
      expect(within(group).getByText(text)).toBeTruthy();
      // Only the reasons some listing has, and "Nothing to do": no refusal at (0) above them.
      expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
      // A reason that needs the dealer is not marked.
      expect(within(group).getByText(language === 'en' ? 'Rejected photos' : 'Fotos recusadas')).toBeTruthy();
      cleanup();
    }
  });
});

describe('rejected photos, every listing at once', () => {
  it('counts the listings whose photos Showroom can send again, asks first, then sends them all and says what came of it', async () => {
    candidates = ['R', 'S'];
    await mount('en');
    const section = await screen.findByRole('region', { name: 'Rejected photos (60)' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Send all photos again for 2 listings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send all photos again?' });
    expect(dialog.textContent).toContain('The photos of 2 listings are sent again');
    expect(bridge.calls.some((c) => c.channel === 'changes.photosAgain')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send them again' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Sent: 1. Waiting for the next sync: 1. Refused or held: 0.');
    expect(bridge.calls.find((c) => c.channel === 'changes.photosAgain')?.input).toEqual({ references: ['R', 'S'] });
  });

  it('says it in Portuguese, and offers nothing when Showroom sent none of the rejected photos', async () => {
    candidates = ['R'];
    await mount('pt-BR');
    expect(await screen.findByRole('button', { name: 'Enviar de novo todas as fotos de 1 anúncio' })).toBeTruthy();
    cleanup();
    candidates = [];
    await mount('en');
    await screen.findByRole('region', { name: 'Rejected photos (60)' });
    expect(screen.queryByRole('button', { name: /Send all photos again/ })).toBeNull();
  });
});
