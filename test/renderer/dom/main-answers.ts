// Main's answers that every whole-app DOM test gives alike (fixed, typed with the shared views):
// the account, the settings, the app's facts, and filter counts with nothing to count.
import type { AccountView, ChannelName, FacetCounts, Result } from '../../../src/shared/contract';
import { DIMENSION_NAMES, dimension } from '../../../src/shared/inventory-filters';
import { ok } from './bridge';

/** The one account, active, connected to a closed loopback port; `lastSyncAt` and the rest as given. */
export function activeAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acc-1',
    name: 'Auto Center Test',
    baseUrl: 'http://127.0.0.1:1/integration/v2',
    active: true,
    demo: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSyncAt: '2026-01-02T00:00:00.000Z',
    tokenRefused: false,
    ...overrides,
  };
}

/** Nothing to count in any filter: derived from the dimensions' table, so a new filter needs nothing here. */
export function noFacets(): FacetCounts {
  const counts = Object.fromEntries(
    DIMENSION_NAMES.map((name) => {
      const d = dimension(name);
      if (d.kind === 'state') return [name, Object.fromEntries(d.values.map((v) => [v, 0]))];
      return [name, d.kind === 'values' ? [] : d.kind === 'range' ? { min: null, max: null } : { yes: 0, no: 0 }];
    }),
  ) as unknown as FacetCounts;
  return counts;
}

/** The app's own reads (accounts, settings, app facts) for one active account in English; undefined for any other channel. */
export function appAnswer(channel: ChannelName, account: AccountView): Result<unknown> | undefined {
  switch (channel) {
    case 'accounts.list':
      return ok([account]);
    case 'settings.get':
      return ok({ photoCaching: 'covers', diskBudgetMb: 500, language: 'en' });
    case 'app.info':
      return ok({ version: '0.1.0', dataFolder: '/tmp/data', logsFolder: '/tmp/logs', platform: 'linux', systemLanguage: 'en' });
    default:
      return undefined;
  }
}
