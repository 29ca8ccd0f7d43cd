// `showroom create` against the sandbox: a listing from a JSON file of the write shape sent as a
// POST (exit 0) and found by the next sync; a duplicate under a new reference with another price;
// a reference already in the inventory named on its field (exit 2, nothing sent); a duplicate
// without its new reference (exit 2); a listing to duplicate not in the inventory (exit 5); a
// refusal (exit 7) with the portal's words on its field.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalVehicle } from '../../src/sandbox';
import type { EditOutcome, PendingChangeView } from '../../src/shared/pending-changes';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const postCount = () => account.sb.stats.count('POST /vehicles');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 30, seed: 31, integrationToken: 'cli-create-token-0123456789abcdef' });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
  seeded = account.sb.data.list().find((v) => v.type === 'C' && v.mileage > 0 && v.pictures.length > 1)!;
});
afterAll(() => account.close());

let seeded: PortalVehicle;
/** A car of the stock the first sync read (listings created here come and go in the sandbox's list). */
const car = () => seeded;

describe('showroom create', () => {
  it('from a JSON file: sent (exit 0), pending until a sync reads it, then in the inventory', { timeout: 120_000 }, async () => {
    const source = car();
    const file = join(account.data.dir, 'new.json');
    writeFileSync(
      file,
      JSON.stringify({
        reference: 'CLI-NEW-1',
        type: 'C',
        trimId: source.trim.id,
        color: 'BLACK',
        gearbox: 'MANUAL',
        fuel: 'FLEX',
        doors: 4,
        mileage: 0,
        manufacturedYear: 2024,
        value: 'R$ 89.990,00',
        deposit: 0,
        amountPerInstallment: 0,
        amountOfInstallments: 0,
        accessories: [],
        pictures: source.pictures.slice(0, 1).map((p) => ({ source: p.source })),
      }),
    );
    const result = await account.run(['create', '--from-json', file, '--title', 'Zero km', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(json<EditOutcome[]>(result)).toEqual([expect.objectContaining({ reference: 'CLI-NEW-1', outcome: 'sent' })]);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([
      expect.objectContaining({ kind: 'create', reference: 'CLI-NEW-1', status: 'sent' }),
    ]);
    await account.sb.data.settle();
    expect(account.sb.data.get('CLI-NEW-1')).toMatchObject({ value: 89_990, title: 'Zero km', mileage: 0 });
    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
    expect((await account.run(['show', 'CLI-NEW-1', '--json'])).code).toBe(0);
  });

  it('a duplicate under a new reference, with another price and plate', { timeout: 120_000 }, async () => {
    const source = car();
    const result = await account.run(['create', '--duplicate', source.reference, '--reference', 'CLI-DUP-1', '--price', '51.900', '--plate', 'abc-1d23']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^CLI-DUP-1: sent — /m);
    await account.sb.data.settle();
    expect(account.sb.data.get('CLI-DUP-1')).toMatchObject({ value: 51_900, licensePlate: 'ABC1D23', mileage: source.mileage, trim: { id: source.trim.id } });
    expect(account.sb.data.get('CLI-DUP-1')?.pictures).toHaveLength(source.pictures.length);
  });

  it('a reference already in the inventory: named on the reference, exit 2, nothing sent', { timeout: 120_000 }, async () => {
    const source = car();
    const before = postCount();
    const result = await account.run(['create', '--duplicate', source.reference, '--reference', source.reference, '--lang', 'pt-BR']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`showroom: Referência: “${source.reference}” já é usada`);
    expect(postCount()).toBe(before);
  });

  it('a duplicate needs --reference (exit 2); a listing not in the inventory cannot be duplicated (exit 5)', { timeout: 120_000 }, async () => {
    const missing = await account.run(['create', '--duplicate', car().reference]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--reference');
    const unknown = await account.run(['create', '--duplicate', 'NO-SUCH-REF', '--reference', 'CLI-X']);
    expect(unknown.code).toBe(5);
  });

  it('a refusal (an accessory the catalogue lacks): exit 7, the portal’s words on the field', { timeout: 120_000 }, async () => {
    const result = await account.run(['create', '--duplicate', car().reference, '--reference', 'CLI-REF-1', '--accessories', '999999']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toMatch(/^CLI-REF-1: refused — /m);
    expect(result.stdout).toMatch(/^ {2}Accessories: /m);
  });
});
