// @vitest-environment happy-dom
// Switching the language in Settings: the notice that confirms it is in the language just chosen
// (it said "Settings saved." on a Portuguese screen, and "Configurações salvas." back in English),
// and a notice still on screen follows the switch.
// The whole app is rendered (Root) over the real bridge (./bridge.ts); fixed answers stand in for main.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import { en } from '../../../src/shared/i18n/en';
import { ptBR } from '../../../src/shared/i18n/pt-BR';
import { giveElementsHeight, installBridge, notAnswered, ok } from './bridge';
import { renderApp } from './render-app';
import { activeAccount, appAnswer, noFacets } from './main-answers';

const account = activeAccount();
let language = 'en';

function answer(channel: ChannelName, input: unknown): Result<unknown> {
  if (channel === 'settings.get' || channel === 'settings.set') {
    if (channel === 'settings.set') language = (input as { language: string }).language;
    return ok({ photoCaching: 'covers', diskBudgetMb: 500, language });
  }
  const app = appAnswer(channel, account);
  if (app) return app;
  switch (channel) {
    case 'sync.status':
      return ok({ running: null, lastRun: null, lastSuccessAt: null, online: true, outboxSize: 0 });
    case 'inventory.facets':
      return ok(noFacets());
    case 'inventory.query':
      return ok({ total: 0, rows: [] });
    default:
      return notAnswered(channel);
  }
}

describe('switching the language', () => {
  beforeAll(() => {
    installBridge(answer);
    giveElementsHeight();
  });
  afterAll(cleanup);

  it('confirms in the language chosen, both ways', async () => {
    await renderApp();
    fireEvent.click(await screen.findByRole('button', { name: en.nav.settings }));
    const select = await screen.findByRole('combobox', { name: en.settings.language });

    fireEvent.change(select, { target: { value: 'pt-BR' } });
    await waitFor(() => expect(screen.getByText(ptBR.settings.saved)).toBeTruthy());
    expect(screen.queryByText(en.settings.saved)).toBeNull();

    fireEvent.change(await screen.findByRole('combobox', { name: ptBR.settings.language }), { target: { value: 'en' } });
    // The new notice, and the one still on screen from the switch to Portuguese, which follows.
    await waitFor(() => expect(screen.getAllByText(en.settings.saved)).toHaveLength(2));
    expect(screen.queryByText(ptBR.settings.saved)).toBeNull();
  });
});
