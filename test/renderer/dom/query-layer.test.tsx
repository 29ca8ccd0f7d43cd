// @vitest-environment happy-dom
// The query layer: a read is asked once and kept; main's events make exactly the reads they
// concern ask again; a failed read is logged once with its reason and reaches the screen.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import { installBridge, ok, type TestBridge } from './bridge';

const SETTINGS = { photoCaching: 'covers', diskBudgetMb: 500, language: 'en' } as const;
/** Main's settings as they stand. */
let settings: { photoCaching: 'covers' | 'all'; diskBudgetMb: number; language: 'en' } = { ...SETTINGS };

function answer(channel: ChannelName, input: unknown): Result<unknown> {
  if (channel === 'vehicles.get') {
    const { reference } = input as { reference: string };
    if (reference === 'MISSING')
      return { ok: false, error: { kind: 'not_found', code: 'cache.noListing', params: { reference }, message: 'No vehicle MISSING in the cache.' } };
    return ok({ reference, vehicle: { title: `Vehicle ${reference}` } });
  }
  if (channel === 'settings.get') return ok(settings);
  return { ok: false, error: { kind: 'internal', code: 'app.internal', message: `${channel} is not answered in this test` } };
}

let main: TestBridge;
beforeAll(() => {
  main = installBridge(answer);
});
afterEach(cleanup);

async function mount(reference: string) {
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { useQueryInvalidation } = await import('../../../src/renderer/src/query/invalidation');
  const { useChannel } = await import('../../../src/renderer/src/query/useChannel');
  const logged: string[] = [];
  const client = createQueryClient((line) => logged.push(line));
  function Probe() {
    useQueryInvalidation();
    const vehicle = useChannel('vehicles.get', { reference });
    const settings = useChannel('settings.get', {});
    return (
      <p>
        {vehicle.error ? `error: ${vehicle.error.message}` : (vehicle.data?.reference ?? 'loading')} / {settings.data?.photoCaching ?? 'loading'}
      </p>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { logged, client };
}

const callsOf = (channel: ChannelName) => main.calls.filter((c) => c.channel === channel).length;

describe('the query layer', () => {
  it('asks once, and again only for the events that concern a read', async () => {
    main.calls.length = 0;
    await mount('REF-1');
    await screen.findByText('REF-1 / covers');
    expect(callsOf('vehicles.get')).toBe(1);
    expect(callsOf('settings.get')).toBe(1);

    // The cache changed: the vehicle is read again, the settings are not.
    act(() => main.emit('cache.changed', { reason: 'sync' }));
    await waitFor(() => expect(callsOf('vehicles.get')).toBe(2));
    expect(callsOf('settings.get')).toBe(1);

    // New settings arrive with their event: shown at once, read again once to be sure.
    settings = { ...SETTINGS, photoCaching: 'all' };
    act(() => main.emit('settings.changed', settings));
    await screen.findByText('REF-1 / all');
    await waitFor(() => expect(callsOf('settings.get')).toBe(2));
    expect(callsOf('vehicles.get')).toBe(2);

    // An event no read depends on asks nothing.
    act(() => main.emit('sync.progress', { runId: 'r', kind: 'full', phase: 'pages', pagesDone: 1, pagesTotal: 2, vehiclesDone: 0, vehiclesTotal: 0 }));
    expect(callsOf('vehicles.get') + callsOf('settings.get')).toBe(4);
  });

  it('logs a failed read once, with its channel, kind and message, and hands the error to the screen', async () => {
    const { logged } = await mount('MISSING');
    await screen.findByText(/^error: No vehicle MISSING in the cache\./);
    expect(logged).toEqual(['Showroom: reading vehicles.get failed (not_found): No vehicle MISSING in the cache.']);
  });
});
