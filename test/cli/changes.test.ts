// `showroom changes` and the hint in `showroom status`, against the sandbox: which listings the last
// sync (or --run N) added, changed, saw dropped or removed, with the fields, in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChangesView } from '../../src/shared/listing-changes';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const HOSTILE = 'Gol \u001b[2J\u202eevil';

beforeAll(async () => {
  account = await cliAccount({ vehicles: 20, seed: 19, urlDelayMs: 0, integrationToken: 'cli-changes-token-0123456789' });
});
afterAll(() => account.close());

describe('showroom changes', () => {
  it('before any sync says so; after the first sync, summarises it', async () => {
    const none = await account.run(['changes']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('No sync has run yet.');
    const synced = await account.run(['sync', '--no-photos', '--lang', 'en']);
    expect(synced.code, synced.stderr).toBe(0);
    // A first sync has no list to offer.
    expect(synced.stdout).not.toContain('showroom changes');
    const first = await account.run(['changes']);
    expect(first.stdout).toContain('First sync: 20 listings were read, all of them new.');
  });

  it('lists each listing with what happened and the fields that changed; --run, --json, pt-BR, status hint, exit codes', async () => {
    const { sb } = account;
    const [a, b] = sb.data.list().filter((v) => v.publication !== null);
    if (!a || !b) throw new Error('the seed has too few published listings');
    sb.clock.advance(1_000);
    sb.data.upsert({ reference: a.reference, value: 51234, title: HOSTILE });
    sb.data.remove(b.reference);
    const synced = await account.run(['sync', '--full', '--no-photos', '--lang', 'en']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toContain('Which listings: showroom changes');

    const text = await account.run(['changes', '--lang', 'en']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/What changed in sync 2 \(full, succeeded/);
    expect(text.stdout).toContain(`Changed (1)\n  ${a.reference}  Gol \\x1b[2J\\u202eevil\n      Price: `);
    expect(text.stdout).toContain('→ R$51,234');
    expect(text.stdout).toContain(`Removed from the portal (1)\n  ${b.reference}  ${b.title}`);

    const pt = await account.run(['changes', '--lang', 'pt-BR']);
    expect(pt.stdout).toContain('Removido do portal (1)');
    expect(pt.stdout).toMatch(/Preço: R\$\s?[\d.,]+ → R\$\s?51\.234\b/);

    const view = json<SyncChangesView>(await account.run(['changes', '--run', '2', '--json']));
    expect(view.changes.map((c) => [c.reference, c.kind, c.fields.map((f) => f.field)])).toEqual([
      [a.reference, 'changed', ['price', 'title']],
      [b.reference, 'removed', []],
    ]);
    expect(json<SyncChangesView>(await account.run(['changes', '--run', '1', '--json']))).toMatchObject({ run: { firstSync: true }, changes: [] });

    const status = await account.run(['status', '--lang', 'en']);
    expect(status.stdout).toMatch(/Last run changed:\s+0 added, 1 changed \(0 dropped by the portal\), 0 sold, 1 removed\. Which listings: showroom changes/);

    const [unknown, bad] = await Promise.all([account.run(['changes', '--run', '77']), account.run(['changes', '--run', 'last'])]);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('There is no sync run 77.');
    expect(bad.code).toBe(2);
  });
});
