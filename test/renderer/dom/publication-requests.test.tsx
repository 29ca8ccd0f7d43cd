// @vitest-environment happy-dom
// A listing's publish and highlight requests as the dealer sees them, over the real bridge (main's
// side is tested in test/sync/publish-highlight.test.ts): the row's badges say where the latest
// request stands (queued, pending, refused with the portal's message, not applied) in both
// languages; and when the plan has no room, the dialog's "free room" opens the inventory filtered
// to the listings whose change frees that room.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../../src/renderer/src/AppContext';
import type { View } from '../../../src/renderer/src/navigation';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { NotOnPortalReason, PublicationRequestView, PublicationRoom, RoomLeft } from '../../../src/shared/views';
import { installBridge, notAnswered, ok } from './bridge';
import { rowView } from './rows';

let room: PublicationRoom = { listings: null, highlights: null, planFetchedAt: null };

function answer(channel: ChannelName): Result<unknown> {
  if (channel === 'publications.room') return ok(room);
  return notAnswered(channel);
}

beforeAll(() => {
  installBridge(answer);
});
afterEach(cleanup);

async function badges(language: 'en' | 'pt-BR', request: PublicationRequestView, onPortal = true) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { PublicationBadges } = await import('../../../src/renderer/src/components/PublicationBadges');
  const i18n = initI18n(language);
  const row = rowView();
  render(<PublicationBadges row={{ ...row, publication: { ...row.publication, onPortal, request } }} t={i18n.t} />);
}

describe('the badges of a publish or highlight request', () => {
  it('say where it stands, with the portal’s message when refused, in both languages', async () => {
    await badges('en', { action: 'highlight', status: 'refused', requestedAt: null, message: 'No highlights available' });
    const refused = screen.getByText('Highlight refused');
    expect(refused.getAttribute('title')).toBe('Highlight: refused by the portal: No highlights available');
    expect(refused.closest('[data-request]')?.getAttribute('data-status')).toBe('refused');
    cleanup();

    await badges('en', { action: 'publish', status: 'pending', requestedAt: '2026-01-01T00:00:00.000Z', message: null }, false);
    expect(screen.getByText('Publish pending').getAttribute('title')).toMatch(/^Publish again: the portal accepted the request/);
    cleanup();

    await badges('en', { action: 'publish', status: 'not_applied', requestedAt: '2026-01-01T00:00:00.000Z', message: null }, false);
    expect(screen.getByText('Publish not applied').getAttribute('title')).toMatch(/over an hour ago but has not applied it\. Send it again\.$/);
    cleanup();

    await badges('pt-BR', { action: 'unhighlight', status: 'queued', requestedAt: '2026-01-01T00:00:00.000Z', message: null });
    expect(screen.getByText('Remoção do destaque na fila')).toBeTruthy();
  });

  it('leave an unpublish to its own badges (one badge, not two)', async () => {
    await badges('en', { action: 'unpublish', status: 'refused', requestedAt: null, message: 'Locked' });
    expect(screen.queryByText(/Unpublish refused/)).toBeNull();
    expect(document.querySelector('[data-request]')).toBeNull();
  });
});

async function dialog(action: 'publish' | 'highlight') {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { AppContext } = await import('../../../src/renderer/src/AppContext');
  const { PublicationDialog } = await import('../../../src/renderer/src/components/PublicationDialog');
  initI18n('en');
  const navigate = vi.fn<(view: View) => void>();
  const onClose = vi.fn();
  // The dialog reads only `navigate` and `notify` from the app's context.
  const context = { navigate, notify: vi.fn() } as unknown as AppContextValue;
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <AppContext.Provider value={context}>
        <PublicationDialog action={action} references={['REF-1']} onClose={onClose} onDone={vi.fn()} />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate, onClose };
}

describe('no room in the plan', () => {
  it('a highlight: "free room" opens the highlighted listings', async () => {
    room = { listings: { left: 3, limit: 10 }, highlights: { left: 0, limit: 2 }, planFetchedAt: '2026-01-01T00:00:00.000Z' };
    const { navigate, onClose } = await dialog('highlight');
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the listings to free room' }));
    expect(onClose).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith({ screen: 'inventory', filters: { highlighted: true } });
  });

  it('a publish: "free room" opens the listings on the portal', async () => {
    room = { listings: { left: 0, limit: 10 }, highlights: { left: 2, limit: 2 }, planFetchedAt: '2026-01-01T00:00:00.000Z' };
    const { navigate } = await dialog('publish');
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the listings to free room' }));
    expect(navigate).toHaveBeenCalledWith({ screen: 'inventory', filters: { portal: ['on'] } });
  });
});

describe('the actions a listing offers while a request is on its way', () => {
  async function panel(request: PublicationRequestView | null, onPortal = true, highlighted = false) {
    const { initI18n } = await import('../../../src/renderer/src/i18n');
    const { PublicationPanel } = await import('../../../src/renderer/src/components/PublicationPanel');
    initI18n('en');
    const state = { ...rowView().publication, onPortal, highlighted, request };
    render(<PublicationPanel state={state} url={undefined} history={[]} onOpenUrl={vi.fn()} onRequest={vi.fn()} onDiscard={vi.fn()} />);
    return screen.queryAllByRole('button').map((b) => b.textContent);
  }

  it('a highlight pending leaves Unpublish on offer, not another highlight', async () => {
    expect(await panel({ action: 'highlight', status: 'pending', requestedAt: '2026-01-01T00:00:00.000Z', message: null })).toEqual(['Unpublish']);
  });

  it('an unpublish not sent yet can only be discarded; a publish sent leaves nothing to ask; a refused one can be asked again', async () => {
    expect(await panel({ action: 'unpublish', status: 'queued', requestedAt: null, message: null })).toEqual(['Discard']);
    cleanup();
    expect(await panel({ action: 'publish', status: 'pending', requestedAt: null, message: null }, false)).toEqual([]);
    cleanup();
    expect(await panel({ action: 'highlight', status: 'refused', requestedAt: null, message: 'No highlights' })).toEqual(['Highlight', 'Unpublish']);
  });
});

describe('the bulk bar', () => {
  it('offers only what at least one selected listing can take', async () => {
    const { actionsForAny } = await import('../../../src/renderer/src/logic/publicationActions');
    const on = rowView().publication;
    const off = { ...on, onPortal: false };
    const highlighted = { ...on, highlighted: true };
    expect(actionsForAny([on, highlighted])).toEqual(['highlight', 'unhighlight', 'unpublish']);
    expect(actionsForAny([off])).toEqual(['publish']);
    expect(actionsForAny([off, on])).toEqual(['publish', 'highlight', 'unpublish']);
  });
});

describe('a request not sent yet, in the detail', () => {
  async function panel(language: 'en' | 'pt-BR', request: PublicationRequestView, onDiscard: () => void) {
    const { initI18n } = await import('../../../src/renderer/src/i18n');
    const { PublicationPanel } = await import('../../../src/renderer/src/components/PublicationPanel');
    const i18n = initI18n(language);
    await i18n.changeLanguage(language);
    const publication = { ...rowView().publication, onPortal: true, request };
    render(
      <I18nextProvider i18n={i18n}>
        <PublicationPanel state={publication} url={undefined} history={[]} onOpenUrl={() => undefined} onRequest={() => undefined} onDiscard={onDiscard} />
      </I18nextProvider>,
    );
  }

  it('can be discarded while queued; once sent it cannot', async () => {
    const onDiscard = vi.fn();
    await panel('en', { action: 'publish', status: 'queued', requestedAt: '2026-01-01T00:00:00.000Z', message: null }, onDiscard);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    cleanup();
    await panel('pt-BR', { action: 'highlight', status: 'queued', requestedAt: '2026-01-01T00:00:00.000Z', message: null }, onDiscard);
    expect(screen.getByRole('button', { name: 'Descartar' })).toBeTruthy();
    cleanup();
    await panel('en', { action: 'publish', status: 'pending', requestedAt: '2026-01-01T00:00:00.000Z', message: null }, onDiscard);
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });
});

describe('a listing off the portal, in the detail', () => {
  async function offPanel(language: 'en' | 'pt-BR', reason: NotOnPortalReason, listingRoom: RoomLeft | null) {
    const { initI18n } = await import('../../../src/renderer/src/i18n');
    const { PublicationPanel } = await import('../../../src/renderer/src/components/PublicationPanel');
    initI18n(language);
    const state = { ...rowView().publication, onPortal: false, notOnPortalReason: reason, request: null };
    render(
      <PublicationPanel state={state} url={undefined} history={[]} onOpenUrl={vi.fn()} onRequest={vi.fn()} onDiscard={vi.fn()} listingRoom={listingRoom} />,
    );
  }

  it('says what Showroom knows of why, never "reason unknown", and the next step with the plan’s room', async () => {
    await offPanel('en', 'offElsewhere', { left: 3, limit: 10 });
    expect(screen.getByText('Not on the portal: Taken off elsewhere (not from Showroom, not by the plan)')).toBeTruthy();
    expect(screen.getByTestId('next-step').textContent).toBe('To put it back on the portal, publish it again: your plan has room for 3 more listings.');
    expect(screen.getByRole('button', { name: 'Publish again' })).toBeTruthy();
    cleanup();

    await offPanel('en', 'unknown', { left: 0, limit: 10 });
    expect(screen.getByText('Not on the portal: Already off the portal when Showroom first saw it')).toBeTruthy();
    expect(screen.getByTestId('next-step').textContent).toMatch(/^Your plan has no listing slot left/);
    cleanup();

    await offPanel('pt-BR', 'unknown', { left: 1, limit: 10 });
    expect(screen.getByText('Fora do portal: Já estava fora do portal quando o Showroom o viu pela primeira vez')).toBeTruthy();
    expect(screen.getByTestId('next-step').textContent).toBe(
      'Para colocá-lo de volta no portal, publique-o de novo: seu plano tem espaço para mais 1 anúncio.',
    );
    cleanup();

    await offPanel('pt-BR', 'inactive', null);
    expect(screen.getByTestId('next-step').textContent).toMatch(/^Ele está marcado como inativo/);
    expect(document.body.textContent).not.toMatch(/desconhecido|unknown/i);
  });
});
