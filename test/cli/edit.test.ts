// `showroom edit` and `showroom resolve` against the sandbox: a price typed the Brazilian way sent
// as a PUT (exit 0), a bad value named on its field (exit 2, nothing saved), a refusal (exit 7) with
// the portal's words on its field, photos removed and added by number and address, and a conflict
// resolved by `--keep`; an edit our own checks refuse at a sync, said so by `pending`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditOutcome, PendingChangeView } from '../../src/shared/pending-changes';
import type { VehicleDetailView } from '../../src/shared/views';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const putCount = () => account.sb.stats.count('PUT /vehicles/:reference');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 30, seed: 31, integrationToken: 'cli-edit-token-0123456789abcdef' });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
});
afterAll(() => account.close());

const cars = () => account.sb.data.list().filter((v) => v.type === 'C' && v.mileage > 0 && v.pictures.length > 1);

describe('showroom edit', () => {
  it('sends a price typed the Brazilian way (exit 0); the listing shows it pending until a sync reads it', { timeout: 120_000 }, async () => {
    const car = cars()[0]!;
    const result = await account.run(['edit', car.reference, '--price', 'R$ 47.990,00', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(json<EditOutcome[]>(result)).toEqual([expect.objectContaining({ reference: car.reference, outcome: 'sent' })]);
    expect(putCount()).toBe(1);
    const view = json<VehicleDetailView>(await account.run(['show', car.reference, '--json']));
    expect(view.pendingEdit?.fields).toEqual([{ field: 'value', mine: 47_990, portal: car.value, conflict: null, refusal: null }]);
    await account.sb.data.settle();
    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
    expect(account.sb.data.get(car.reference)?.value).toBe(47_990);
  });

  it('a bad value: every field named in the dealer’s language, exit 2, nothing saved or sent', { timeout: 120_000 }, async () => {
    const car = cars()[1]!;
    const before = putCount();
    const result = await account.run(['edit', car.reference, '--title', 'x'.repeat(101), '--plate', 'AB-12', '--lang', 'pt-BR']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('showroom: Título: no máximo 100 caracteres.');
    expect(result.stderr).toContain('showroom: Placa: uma placa brasileira');
    expect(result.stderr).not.toContain('licensePlate');
    expect(putCount()).toBe(before);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
  });

  it(
    'a negative price after --price reaches the schema and is refused as a price below 0; an amount that reads two ways says so',
    { timeout: 120_000 },
    async () => {
      const car = cars()[1]!;
      const before = putCount();
      const negative = await account.run(['edit', car.reference, '--price', '-5']);
      expect(negative.code).toBe(2);
      expect(negative.stderr).toContain('showroom: Price: an amount in reais, 0 or more');
      expect(negative.stderr).not.toContain('needs a value');
      const unclear = await account.run(['edit', car.reference, '--price', '49.990.00']);
      expect(unclear.code).toBe(2);
      expect(unclear.stderr).toContain('showroom: Price: “49.990.00” reads more than one way');
      expect(putCount()).toBe(before);
      expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
    },
  );

  it('a refusal (an accessory the catalogue lacks): exit 7, the portal’s words on the field', { timeout: 120_000 }, async () => {
    const car = cars()[2]!;
    const result = await account.run(['edit', car.reference, '--accessories', '999999']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toMatch(new RegExp(`^${car.reference}: refused — `, 'm'));
    expect(result.stdout).toMatch(/^ {2}Accessories: /m);
    // Not fixed but taken back: discarded, nothing left pending.
    const discarded = await account.run(['discard', car.reference]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(discarded.stdout).toContain('1 change discarded.');
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
  });

  it('removes a photo by its number, adds one by address; one the portal rejects can be sent again in one command', { timeout: 120_000 }, async () => {
    const car = cars()[3]!;
    const photos = [...car.pictures].sort((a, b) => a.order - b.order).map((p) => p.source);
    // One whose address answers nothing (the portal drops it: a gap before the last), and a photo the sandbox serves.
    const served = cars()[0]!.pictures[0]!.source;
    const unreachable = 'https://photos.example.invalid/lost.jpg';
    const result = await account.run(['edit', car.reference, '--remove-photo', '1', '--add-photo', unreachable, '--add-photo', served]);
    expect(result.code, result.stderr).toBe(0);
    await account.sb.data.settle();
    const after = [...account.sb.data.get(car.reference)!.pictures].sort((a, b) => a.order - b.order).map((p) => p.originalUrl);
    expect(after).toEqual([...photos.slice(1), served]);
    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    const view = json<VehicleDetailView>(await account.run(['show', car.reference, '--json']));
    expect(view.rejectedPositions).toEqual([photos.length]);
    expect(view.extras.canSendPhotosAgain).toBe(true);
    const before = putCount();
    const again = await account.run(['edit', '--photos-again', '--attention', 'rejected-photos', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(json<EditOutcome[]>(again)).toEqual([expect.objectContaining({ reference: car.reference, outcome: 'sent' })]);
    expect(putCount()).toBe(before + 1);
  });

  it(
    'an edit Showroom’s own checks refuse at the sync (its listing changed on the portal): `pending` says so, not “by the portal”',
    { timeout: 120_000 },
    async () => {
      const car = cars()[5]!;
      // A new car needs no plate: the dealer takes it off, offline; then the portal's copy gets mileage.
      await account.sb.data.editElsewhere(car.reference, { mileage: 0 });
      expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
      account.sb.faults.set({ resetRate: 1 });
      try {
        const saved = await account.run(['edit', car.reference, '--plate', '', '--json']);
        expect(json<EditOutcome[]>(saved), saved.stderr).toEqual([expect.objectContaining({ outcome: 'queued' })]);
      } finally {
        account.sb.faults.clear();
      }
      await account.sb.data.editElsewhere(car.reference, { mileage: 800 });
      const before = putCount();
      await account.run(['sync', '--no-photos']);
      expect(putCount()).toBe(before);
      const line = (await account.run(['pending', '--lang', 'pt-BR'])).stdout.split('\n').find((l) => l.includes(car.reference));
      expect(line).toContain('Recusada pelas verificações do Showroom, não enviada: 1 campo não passa mais por elas');
      expect(line).not.toContain('recusada pelo portal');
    },
  );
});

describe('showroom resolve', () => {
  it('an edit held by a change on the portal is sent once the dealer keeps theirs', { timeout: 120_000 }, async () => {
    const car = cars()[4]!;
    account.sb.faults.set({ resetRate: 1 });
    const offline = await account.run(['edit', car.reference, '--mileage', String(car.mileage + 1)]);
    expect(offline.code, offline.stderr).toBe(0);
    account.sb.faults.clear();
    await account.sb.data.editElsewhere(car.reference, { mileage: car.mileage + 2 });
    const sync = await account.run(['sync', '--no-photos']);
    expect(sync.code, sync.stderr).toBe(0);
    const held = json<VehicleDetailView>(await account.run(['show', car.reference, '--json']));
    expect(held.pendingEdit).toMatchObject({
      held: true,
      fields: [{ field: 'mileage', mine: car.mileage + 1, conflict: { portal: car.mileage + 2, original: car.mileage } }],
    });
    expect((await account.run(['resolve', car.reference, '--keep', 'nobody'])).code).toBe(2);
    const resolved = await account.run(['resolve', car.reference, '--keep', 'mine', '--field', 'mileage']);
    expect(resolved.code, resolved.stderr).toBe(0);
    await account.sb.data.settle();
    expect(account.sb.data.get(car.reference)?.mileage).toBe(car.mileage + 1);
  });
});
