// `showroom sold` and `showroom history` against the sandbox: nothing done without --yes (exit 2,
// the portal's delete explained); with it, DELETE /vehicles sent and the listing, once a sync no
// longer finds it, kept as sold with its price history; the price history in `history` and `show`,
// with the command line named as where a price was set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceHistoryView } from '../../src/shared/price-history';
import type { DepartedResult, SaleOutcome } from '../../src/shared/sold';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const deletes = () => account.sb.stats.count('DELETE /vehicles/:reference');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 12, seed: 34, integrationToken: 'cli-sold-token-0123456789abcdef' });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
});
afterAll(() => account.close());

/** The listing `sold --yes` sold below. */
let soldReference = '';
const cars = () => account.sb.data.list().filter((v) => v.type === 'C' && v.mileage > 0 && v.pictures.length > 0);

describe('showroom sold', () => {
  it('does nothing without --yes, and says what the portal will do (exit 2)', { timeout: 120_000 }, async () => {
    const car = cars()[0]!;
    const result = await account.run(['sold', car.reference]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('deletes it on the portal (DELETE /vehicles)');
    expect(result.stderr).toContain('--yes');
    expect(deletes()).toBe(0);
  });

  it('--yes sends the delete; once a sync no longer finds the listing it is sold, its history kept', { timeout: 120_000 }, async () => {
    const car = cars()[0]!;
    soldReference = car.reference;
    const result = await account.run(['sold', car.reference, 'NOPE-9', '--yes', '--json']);
    expect(result.code, result.stderr).toBe(5);
    expect(json<SaleOutcome[]>(result)).toEqual([
      expect.objectContaining({ reference: car.reference, outcome: 'sent', code: 'sold.sent' }),
      expect.objectContaining({ reference: 'NOPE-9', outcome: 'refused', code: 'sold.notInInventory' }),
    ]);
    expect(deletes()).toBe(1);
    account.sb.data.applyQueue();
    const synced = await account.run(['sync', '--no-photos', '--lang', 'pt-BR']);
    expect(synced.code, synced.stderr).toBe(0);
    // The sync's summary calls the sale sold, in the dealer's language.
    expect(synced.stdout).toContain('1 vendidos, 0 removidos');
    expect((await account.run(['status'])).stdout).toContain('1 sold, 0 removed');
    expect((await account.run(['show', car.reference])).code).toBe(5);
    const history = json<PriceHistoryView>(await account.run(['history', car.reference, '--json']));
    expect(history.entries).toEqual([{ at: expect.any(String), value: car.value, source: 'portal' }]);
  });
});

describe('showroom sold --list', () => {
  it(
    'lists the sold and removed listings as the Sold view, filtered, as a table in both languages or JSON; a bad value is said',
    { timeout: 120_000 },
    async () => {
      const sold = { reference: soldReference };
      // The sale of the test above; one more listing the portal deletes without a sale mark.
      const gone = cars()[2]!;
      account.sb.data.remove(gone.reference);
      expect((await account.run(['sync', '--full', '--no-photos'])).code).toBe(0);

      const all = json<DepartedResult>(await account.run(['sold', '--list', '--json']));
      expect(all.total).toBe(2);
      expect(all.rows.map((r) => [r.reference, r.leftAs]).sort()).toEqual(
        [
          [sold.reference, 'sold'],
          [gone.reference, 'removed'],
        ].sort(),
      );
      const removed = json<DepartedResult>(await account.run(['sold', '--list', '--left', 'removed', '--json']));
      expect(removed.rows.map((r) => r.reference)).toEqual([gone.reference]);
      const searched = json<DepartedResult>(await account.run(['sold', '--list', '--search', sold.reference.toLowerCase(), '--json']));
      expect(searched.rows.map((r) => r.reference)).toEqual([sold.reference]);

      const en = await account.run(['sold', '--list', '--left', 'sold']);
      expect(en.code, en.stderr).toBe(0);
      expect(en.stdout).toMatch(/^REFERENCE\s+TITLE\s+LAST PRICE\s+SOLD OR REMOVED\s+DAYS IN STOCK\s+HOW IT LEFT$/m);
      const line = en.stdout.split('\n').find((l) => l.startsWith(sold.reference)) ?? '';
      // The date in the list style; days counted from the first sync, which found it there: "at least".
      expect(line).toMatch(/\s\d{1,2}\/\d{1,2}\/\d{4}\s+at least \d+\s+sold$/);
      expect(en.stdout).not.toContain(gone.reference);
      expect(en.stderr).toContain('1–1 of 1 listings.');
      const pt = await account.run(['sold', '--list', '--lang', 'pt-BR']);
      expect(pt.stdout).toMatch(/^REFERÊNCIA\s+TÍTULO\s+ÚLTIMO PREÇO\s+VENDIDO OU REMOVIDO\s+DIAS EM ESTOQUE\s+COMO SAIU$/m);
      expect(pt.stdout).toMatch(new RegExp(`^${gone.reference}\\s.*\\d{2}/\\d{2}/\\d{4}\\s+pelo menos \\d+\\s+removido$`, 'm'));

      const bad = await account.run(['sold', '--list', '--left', 'lost']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--left takes sold, removed; got “lost”.');
      expect((await account.run(['sold', '--list', sold.reference])).code).toBe(2);
      expect((await account.run(['sold'])).code).toBe(2);
    },
  );
});

describe('showroom history', () => {
  it('lists the prices a sync read and the ones set here, in the dealer’s language; `show` prints them too', { timeout: 120_000 }, async () => {
    const car = cars()[1]!;
    expect((await account.run(['edit', car.reference, '--price', '45.990'])).code).toBe(0);
    const en = await account.run(['history', car.reference]);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout).toMatch(/^Price history \(2; at the current price for 0 days\):$/m);
    expect(en.stdout).toMatch(/Read on the portal$/m);
    expect(en.stdout).toMatch(/R\$45,990\s+Set from the command line$/m);
    const pt = await account.run(['history', car.reference, '--lang', 'pt-BR']);
    expect(pt.stdout).toMatch(/R\$ 45\.990\s+Definido pela linha de comando$/m);
    const show = await account.run(['show', car.reference]);
    expect(show.stdout).toMatch(/^Price history \(2; at the current price for 0 days\):$/m);
    expect((await account.run(['history', 'NOPE-9'])).code).toBe(5);
  });
});
