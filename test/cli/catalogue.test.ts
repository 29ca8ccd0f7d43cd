// `showroom catalogue [--refresh] [--json]` against the sandbox: a sync mirrors the catalogue, the
// command shows it offline in the dealer's language, --refresh reads it now (offline: exit as offline).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueList, type CatalogueView } from '../../src/shared/catalogue';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const catalogueRequests = () => account.sb.stats.count('GET /vehicles/otherinfo');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 40, seed: 29, integrationToken: 'cli-catalogue-token-0123456789' });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
});
afterAll(() => account.close());

describe('showroom catalogue', () => {
  it('shows the catalogue the sync mirrored, without asking the portal', async () => {
    expect(catalogueRequests()).toBe(1);
    const result = await account.run(['catalogue', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const view = json<CatalogueView>(result);
    expect(view.readAt).not.toBeNull();
    const listing = account.sb.data.list()[0];
    if (!listing) throw new Error('empty seed');
    expect(catalogueList(view, 'trims', listing.trim.modelId)?.items).toContainEqual({ id: listing.trim.id, name: listing.trim.name });
    expect(catalogueRequests()).toBe(1);

    const pt = await account.run(['catalogue', '--lang', 'pt-BR']);
    expect(pt.code).toBe(0);
    expect(pt.stdout).toMatch(/Catálogo lido em/);
    expect(pt.stdout).toMatch(/Opcionais do vendedor/);
  });

  it('--refresh reads it now; offline it says so with the offline exit code', async () => {
    const result = await account.run(['catalogue', '--refresh', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(catalogueRequests()).toBe(2);
    account.sb.faults.set({ resetRate: 1 });
    const offline = await account.run(['catalogue', '--refresh']);
    account.sb.faults.clear();
    expect(offline.code).toBe(3);
  });
});
