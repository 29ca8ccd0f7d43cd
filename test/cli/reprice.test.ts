// `showroom reprice` against the sandbox: --dry-run previews and changes nothing (no change saved, no
// request), the table in the dealer's language; a rule over a filtered view saved as one batch the
// next sync sends; a batch's fate and taking back what is unsent; a bad rule said plainly (exit 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingChangeView } from '../../src/shared/pending-changes';
import type { RepriceBatchView, RepricePreviewView } from '../../src/shared/reprice';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const writes = () => account.sb.stats.count('PUT /vehicles/:reference');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 30, seed: 31, integrationToken: 'cli-reprice-token-0123456789abcdef' });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
});
afterAll(() => account.close());

type Preview = RepricePreviewView & { dryRun: boolean; batch?: string; saved?: number };

describe('showroom reprice', () => {
  it('--dry-run: the preview, and nothing saved or sent', { timeout: 120_000 }, async () => {
    const result = await account.run(['reprice', '--by', '-5%', '--round', '100', '--type', 'C', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const preview = json<Preview>(result);
    const cars = account.sb.data.list().filter((v) => v.type === 'C');
    expect(preview).toMatchObject({ dryRun: true, summary: { total: cars.length } });
    expect(preview.summary.changed).toBeGreaterThan(0);
    const first = preview.lines[0]!;
    expect(first.newPrice).toBe(Math.round((first.price! * 0.95) / 100) * 100);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
    expect(writes()).toBe(0);

    const table = await account.run(['reprice', '--by', '-500', '--type', 'C', '--dry-run', '--lang', 'pt-BR']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^REFERÊNCIA +TÍTULO +PREÇO +PREÇO NOVO +OBSERVAÇÃO/m);
    expect(table.stderr).toContain('Simulação: nada foi salvo.');
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json']))).toEqual([]);
  });

  it('saves a filtered view as one batch; the next sync sends it; --discard takes back a batch not sent', { timeout: 180_000 }, async () => {
    const result = await account.run(['reprice', '--set', 'R$ 45.990', '--type', 'M', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const saved = json<Preview>(result);
    const motorcycles = account.sb.data.list().filter((v) => v.type === 'M');
    expect(saved).toMatchObject({ dryRun: false, saved: motorcycles.filter((v) => v.value !== 45_990).length });
    const pending = json<PendingChangeView[]>(await account.run(['pending', '--json']));
    expect(pending.map((c) => c.reference).sort()).toEqual(
      saved.lines
        .filter((l) => l.newPrice !== null)
        .map((l) => l.reference)
        .sort(),
    );
    expect(json<RepriceBatchView>(await account.run(['reprice', '--batch', saved.batch!, '--json']))).toMatchObject({ waiting: saved.saved, sent: 0 });

    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    const after = json<RepriceBatchView>(await account.run(['reprice', '--batch', saved.batch!, '--json']));
    expect(after.waiting).toBe(0);
    expect(after.sent + after.confirmed + after.refused.length).toBe(saved.saved);
    expect(writes()).toBeGreaterThan(0);

    const second = json<Preview>(await account.run(['reprice', '--by', '+1.000', '--type', 'M', '--pending', 'skip', '--json']));
    const more = json<Preview>(await account.run(['reprice', '--by', '-2%', '--type', 'C', '--json']));
    const before = writes();
    const discarded = await account.run(['reprice', '--discard', more.batch!]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(discarded.stderr).toContain(`0 waiting to be sent, 0 refused, ${more.saved} taken back.`);
    expect(json<PendingChangeView[]>(await account.run(['pending', '--json'])).filter((c) => c.status === 'pending')).toHaveLength(second.saved ?? 0);
    expect(writes()).toBe(before);
  });

  it('a listing edited after the repricing: the batch says so, and taking it back keeps that edit', { timeout: 120_000 }, async () => {
    const car = account.sb.data.list().find((v) => v.type === 'C' && v.mileage > 0 && v.pictures.length > 0 && v.doors >= 2)!;
    account.sb.faults.set({ resetRate: 1 });
    try {
      const saved = json<Preview>(await account.run(['reprice', '--by', '-300', car.reference, '--json']));
      expect(saved.saved).toBe(1);
      expect((await account.run(['edit', car.reference, '--title', 'Revisado'])).code).toBe(0);
      const status = await account.run(['reprice', '--batch', saved.batch!, '--lang', 'pt-BR']);
      expect(status.stderr).toContain(
        '1 destes anúncios foi editado de novo depois: desfazer o lote desfaz só o novo preço dele e mantém sua edição posterior.',
      );
      const discarded = await account.run(['reprice', '--discard', saved.batch!]);
      expect(discarded.code, discarded.stderr).toBe(0);
      expect(discarded.stderr).toContain('1 listing keeps only your later edit: the batch’s price there was taken back or typed over.');
      const left = json<PendingChangeView[]>(await account.run(['pending', '--json'])).filter((c) => c.reference === car.reference);
      expect(left.map((c) => c.status)).toEqual([expect.stringMatching(/^(pending|sending)$/)]);
      expect(
        json<{ pendingEdit: { fields: Array<{ field: string }> } }>(await account.run(['show', car.reference, '--json'])).pendingEdit.fields.map(
          (f) => f.field,
        ),
      ).toEqual(['title']);
    } finally {
      account.sb.faults.clear();
    }
  });

  it('a bad rule: exit 2, said in the dealer’s words, nothing saved', { timeout: 60_000 }, async () => {
    const both = await account.run(['reprice', '--set', '40000', '--by', '-5%']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give exactly one of --set and --by.');
    const bad = await account.run(['reprice', '--by', 'cheaper', '--lang', 'pt-BR']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('“cheaper” não é nenhum dos dois');
    const limits = await account.run(['reprice', '--by', '-5%', '--min', '50000', '--max', '40000']);
    expect(limits.code).toBe(2);
    expect(limits.stderr).toContain('The floor is above the ceiling.');
    const rounding = await account.run(['reprice', '--by', '-5%', '--round', '500']);
    expect(rounding.code).toBe(2);
  });
});
