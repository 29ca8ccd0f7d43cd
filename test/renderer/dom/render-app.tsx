// The whole app (Root) in English with a fresh query cache, as main.tsx starts it; imported late,
// after the test has installed its bridge (api.ts reads window.showroom when first imported).
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';

export async function renderApp(): Promise<QueryClient> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { Root } = await import('../../../src/renderer/src/Root');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  initI18n('en');
  const client = createQueryClient();
  render(<Root client={client} />);
  return client;
}
