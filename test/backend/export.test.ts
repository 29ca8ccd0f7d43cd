// The app's export channel: the view on screen (text, filters, sort) written by the account's
// worker to where the shell placed it, progress relayed as export.progress, and the dealer's
// cancel (the save dialog's, or Cancel while writing) an outcome with nothing left behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportPlace } from '../../src/main/export/destination';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { errorKindOf, inventoryQuery, makeBackend, seedCache, type TestBackend } from './helpers';

let sandbox: Sandbox;
let b: TestBackend;

beforeAll(async () => {
  sandbox = await startSandbox({ vehicles: 1_200, seed: 5 });
  b = await makeBackend();
  const accountId = (await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
  seedCache(b.dataDir, accountId, sandbox.data.list());
});
afterAll(async () => {
  await b.cleanup();
  await sandbox.close();
});

describe('inventory.export', () => {
  it('writes the view as on screen, in its order, where the shell placed it, with progress', async () => {
    const brand = sandbox.data.list()[0]!.brand.name;
    const view = { text: '', filters: { brand: [brand] }, sort: { field: 'value' as const, dir: 'desc' as const } };
    const onScreen = await b.call('inventory.query', inventoryQuery({ ...view, window: { offset: 0, limit: 500 } }));
    const since = b.events.all.length;
    const outcome = await b.call('inventory.export', { format: 'csv', language: 'pt-BR', query: view });
    expect(outcome).toMatchObject({ kind: 'saved', rows: onScreen.total });
    if (outcome.kind !== 'saved') throw new Error('not saved');
    expect(outcome.file).toMatch(/showroom-anuncios-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(outcome.file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = parse<Record<string, string>>(text.slice(1), { delimiter: ';', columns: true });
    expect(records.map((r) => r['Referência'])).toEqual(onScreen.rows.map((r) => r.reference));
    const progress = b.events.all.slice(since).filter((e) => e.event === 'export.progress');
    expect(progress.at(-1)?.payload).toEqual({ done: onScreen.total, total: onScreen.total });
  });

  it('sold.export: the Sold view to a file of its own name through the same worker (no departed listing: the header only)', async () => {
    const outcome = await b.call('sold.export', { format: 'csv', language: 'pt-BR', query: { leftAs: ['sold'] } });
    expect(outcome).toMatchObject({ kind: 'saved', rows: 0 });
    if (outcome.kind !== 'saved') throw new Error('not saved');
    expect(outcome.file).toMatch(/showroom-vendidos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync(outcome.file, 'utf8')).toMatch(/^\uFEFFReferência;Anúncio;Último preço \(R\$\);Vendido ou removido;/);
  });

  it('the save dialog cancelled: an outcome, no file, nothing asked of the worker', async () => {
    const c = await makeBackend({ deps: { exportDestination: { place: async () => null } } });
    try {
      const accountId = (await c.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
      seedCache(c.dataDir, accountId, sandbox.data.list().slice(0, 10));
      expect(
        await c.call('inventory.export', { format: 'xlsx', language: 'en', query: { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' } } }),
      ).toEqual({
        kind: 'cancelled',
      });
      expect(c.events.of('export.progress')).toEqual([]);
    } finally {
      await c.cleanup();
    }
  });

  it('Cancel while it writes: an outcome, nothing delivered and no file left, even a partial one', async () => {
    // The session on this thread: the cancel lands at the first progress event, deterministically.
    const placed: ExportPlace[] = [];
    let delivered = 0;
    const c = await makeBackend({
      deps: {
        sessionHost: 'here',
        exportDestination: {
          place: async ({ fileName }) => {
            const place: ExportPlace = {
              file: join(c.dataDir, fileName),
              deliver: () => {
                delivered += 1;
                return { kind: 'saved', file: place.file };
              },
            };
            placed.push(place);
            return place;
          },
        },
      },
    });
    try {
      const accountId = (await c.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
      seedCache(c.dataDir, accountId, sandbox.data.list());
      const stop = c.events.next('export.progress').then(() => c.call('inventory.cancelExport', {}));
      const outcome = await c.call('inventory.export', {
        format: 'xlsx',
        language: 'en',
        query: { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' } },
      });
      await stop;
      expect(outcome).toEqual({ kind: 'cancelled' });
      expect(delivered).toBe(0);
      expect(existsSync(placed[0]!.file)).toBe(false);
      expect(readdirSync(c.dataDir).filter((f) => f.includes('.partial'))).toEqual([]);
    } finally {
      await c.cleanup();
    }
  });

  it('without an account: bad_input, and no save dialog is shown first', async () => {
    let asked = 0;
    const c = await makeBackend({
      deps: {
        exportDestination: {
          place: async () => {
            asked += 1;
            return null;
          },
        },
      },
    });
    try {
      const query = { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' } } as const;
      expect(await errorKindOf(() => c.call('inventory.export', { format: 'csv', language: 'en', query }))).toBe('bad_input');
      expect(asked).toBe(0);
    } finally {
      await c.cleanup();
    }
  });
});
