// Why a listing matched a search when its row does not show the words: an accessory, an other info
// or the description ("automático" matched the accessory "Piloto automático"), through the session's
// query as the list reads it, and nothing when the row shows every word.
import { afterEach, describe, expect, it } from 'vitest';
import { whyMatched } from '../../src/main/account-session/why-matched';
import { portalVehicle, upsert } from '../cache/helpers';
import { sessionOver } from './in-thread';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const listing = {
  accessories: [
    { id: 1, name: 'Ar-condicionado' },
    { id: 2, name: 'Piloto automático' },
  ],
  otherInfos: [{ id: 7, name: 'IPVA pago' }],
  description: 'Único dono, todas as revisões feitas na concessionária, pneus novos e garantia de fábrica até 2026.',
};

describe('whyMatched', () => {
  it('names the field a word the row does not show matched in, accents folded', () => {
    expect(whyMatched('automatico', 'Toyota Corolla XEi', listing)).toEqual({ field: 'accessory', text: 'Piloto automático' });
    expect(whyMatched('corolla ipva', 'Toyota Corolla XEi', listing)).toEqual({ field: 'otherInfo', text: 'IPVA pago' });
    expect(whyMatched('pneus', 'Toyota Corolla XEi', listing)).toEqual({
      field: 'description',
      text: '… revisões feitas na concessionária pneus novos e garantia de …',
    });
  });

  it('says nothing when the row shows every word', () => {
    expect(whyMatched('corolla xei', 'Toyota Corolla XEi', listing)).toBeNull();
    expect(whyMatched('toy', 'Toyota Corolla XEi', listing)).toBeNull();
  });
});

it("the session's rows carry it for a text search, and only then", async () => {
  const session = await sessionOver(
    (cache) => upsert(cache, [portalVehicle({ reference: 'AUTO', accessories: listing.accessories }), portalVehicle({ reference: 'PLAIN' })]),
    cleanups,
  );
  const found = await session.query({ text: 'automático', window: { offset: 0, limit: 10 } });
  expect(found.rows.map((r) => [r.reference, r.matchedIn])).toEqual([['AUTO', { field: 'accessory', text: 'Piloto automático' }]]);
  const all = await session.query({ window: { offset: 0, limit: 10 } });
  expect(all.rows.every((r) => r.matchedIn === undefined)).toBe(true);
});
