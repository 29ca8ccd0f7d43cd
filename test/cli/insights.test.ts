// `showroom insights` against the sandbox after a first sync: the session's figures as JSON, the
// same figures as tables in both languages, and `search --age-min` agreeing with the age buckets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../../src/shared/insights';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;

beforeAll(async () => {
  account = await cliAccount({ vehicles: 30, seed: 29, urlDelayMs: 0, integrationToken: 'cli-insights-token-0123456789' });
  const synced = await account.run(['sync', '--no-photos']);
  expect(synced.code, synced.stderr).toBe(0);
});
afterAll(() => account.close());

describe('showroom insights', () => {
  it('--json: every listing in one age bucket, all of them lower bounds after a first sync', async () => {
    const view = json<Insights>(await account.run(['insights', '--json']));
    const total = account.sb.data.list().length;
    expect(view.total).toBe(total);
    const buckets = view.age.buckets.reduce((n, b) => n + b.onPortal.count + b.offPortal.count, 0);
    expect(buckets + view.age.unknown).toBe(total);
    expect(view.age.buckets.reduce((n, b) => n + b.atLeast, 0)).toBe(buckets);
    expect(view.mix.brands.reduce((n, b) => n + b.bar.count, 0)).toBeLessThanOrEqual(total);
  });

  it('prints the same figures as tables, in English and in Portuguese', async () => {
    const view = json<Insights>(await account.run(['insights', '--json']));
    const en = await account.run(['insights', '--lang', 'en']);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout).toContain(`${view.total} listings in stock`);
    expect(en.stdout).toContain(`${view.age.over90} listings have been in stock for more than 90 days, ${view.age.over90Off} of them off the portal.`);
    expect(en.stdout).toContain('Off the portal, and why');
    const pt = await account.run(['insights', '--lang', 'pt-BR']);
    expect(pt.code, pt.stderr).toBe(0);
    expect(pt.stdout).toContain(`${view.total} anúncios em estoque`);
    expect(pt.stdout).toContain('Fora do portal, e por quê');
    // Currency in the dealer's locale.
    expect(pt.stdout).toMatch(/R\$\s?\d{1,3}(\.\d{3})*/);
  });

  it("over time: the first sync's week, with the stock it left and nothing added", async () => {
    const view = json<Insights>(await account.run(['insights', '--json']));
    const total = account.sb.data.list().length;
    expect(view.overTime).toHaveLength(1);
    expect(view.overTime[0]).toMatchObject({ inStock: total, added: 0, removed: 0 });
    const en = await account.run(['insights', '--lang', 'en']);
    expect(en.stdout).toContain('Over time, week by week');
    const lines = en.stdout.split('\n');
    const header = lines.findIndex((l) => l.startsWith('Week of'));
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(header + 1, header + 3).join('\n')).toMatch(new RegExp(`\\s${total}\\s`));
    const pt = await account.run(['insights', '--lang', 'pt-BR']);
    expect(pt.stdout).toContain('Ao longo do tempo, semana a semana');
  });

  it('search --age-min finds the listings of the buckets from that age on', async () => {
    const view = json<Insights>(await account.run(['insights', '--json']));
    const over60 = view.age.buckets.filter((b) => b.bucket === '61-90' || b.bucket === '90+').reduce((n, b) => n + b.onPortal.count + b.offPortal.count, 0);
    const found = json<{ total: number }>(await account.run(['search', '--age-min', '61', '--json']));
    expect(found.total).toBe(over60);
  });
});

describe('showroom search --model', () => {
  it("finds each top model's listings, by brand and model, named as the catalogue names it", async () => {
    const view = json<Insights>(await account.run(['insights', '--json']));
    expect(view.mix.models.length).toBeGreaterThan(0);
    for (const m of view.mix.models.slice(0, 3)) {
      expect(m.bar.filters).toEqual({ brand: [m.brand], model: [String(m.modelId)] });
      const found = json<{ total: number }>(await account.run(['search', '--brand', String(m.brand), '--model', String(m.modelId), '--json']));
      expect(found.total, `${m.brand} ${m.modelId}`).toBe(m.bar.count);
    }
    // The sync mirrored the catalogue's models of the brands in stock: the table names them.
    const top = view.mix.models[0];
    expect(top?.model).toEqual(expect.any(String));
    const en = await account.run(['insights', '--lang', 'en']);
    expect(en.stdout).toContain(String(top?.model));
  });
});
