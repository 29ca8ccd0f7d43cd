// @vitest-environment happy-dom
// A listing's page says when it was last as on the portal with the time the top bar gives for the
// last sync: a quick sync that found the listing unchanged does not read it again, and the page
// said "Read from the portal 14 minutes ago" beside "Last synced 13 minutes ago".
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { VehicleDetailView } from '../../../src/shared/views';
import { installBridge, notAnswered, ok } from './bridge';
import { renderDetail } from './render-detail';
import { rowView } from './rows';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const detail: VehicleDetailView = {
  reference: 'REF-1',
  raw: {},
  vehicle: { reference: 'REF-1', title: 'Fiat Uno' },
  model: null,
  problems: [],
  publication: rowView().publication,
  history: [],
  photos: [],
  rejectedPositions: [],
  syncedAt: minutesAgo(30),
  pendingEdit: null,
  extras: { canSendPhotosAgain: false, videoUrl: null },
};

function answer(channel: ChannelName): Result<unknown> {
  if (channel === 'vehicles.get') return ok(detail);
  return notAnswered(channel);
}

beforeAll(() => {
  installBridge(answer);
});
afterEach(cleanup);

async function page(lastSuccessAt: string | null) {
  await renderDetail('REF-1', 'Fiat Uno', { lastSuccessAt });
}

describe('the time a listing is as on the portal', () => {
  it('is the last sync’s, when one ended after the run that read it', async () => {
    await page(minutesAgo(13));
    expect(screen.getByText(/As on the portal 13 minutes ago/)).toBeTruthy();
  });

  it('is its own read, when no sync ended since', async () => {
    await page(null);
    expect(screen.getByText(/As on the portal 30 minutes ago/)).toBeTruthy();
  });
});

describe('the model', () => {
  it('is named by the catalogue beside the brand and trim, in the heading’s line and the vehicle’s fields', async () => {
    Object.assign(detail, {
      model: 'Uno',
      vehicle: { ...detail.vehicle, brand: { id: 1, name: 'Fiat', vehicleType: 'C' }, trim: { id: 2, name: 'Mille', modelId: 3 } },
    });
    try {
      await page(null);
      expect(screen.getByText(/· Fiat Uno Mille ·/).textContent).toMatch(/^REF-1 · Fiat Uno Mille · As on the portal/);
      const field = screen.getByText('Model').closest('div');
      expect(field?.textContent).toBe('ModelUno');
    } finally {
      Object.assign(detail, { model: null, vehicle: { reference: 'REF-1', title: 'Fiat Uno' } });
    }
  });
});
