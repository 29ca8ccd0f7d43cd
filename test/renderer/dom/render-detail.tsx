// One listing's page on its own, in a language, with the app's context it reads (navigation, errors,
// the sync's last success and whether the portal answers); imported late, after the test's bridge.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { AppContextValue } from '../../../src/renderer/src/AppContext';

export async function renderDetail(
  reference: string,
  title: string,
  options: { language?: 'en' | 'pt-BR'; lastSuccessAt?: string | null; online?: boolean } = {},
) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { AppContext } = await import('../../../src/renderer/src/AppContext');
  const { VehicleDetailScreen } = await import('../../../src/renderer/src/screens/VehicleDetailScreen');
  initI18n(options.language ?? 'en');
  const sync = { lastSuccessAt: options.lastSuccessAt ?? null, online: options.online ?? true };
  const context = { navigate: vi.fn(), reportError: vi.fn(), sync } as unknown as AppContextValue;
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <AppContext.Provider value={context}>
        <VehicleDetailScreen reference={reference} />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: title });
  return context;
}
