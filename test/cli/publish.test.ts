// `showroom publish` and `showroom highlight [--off]` against the sandbox: the same outcomes and
// exit codes as `unpublish` (0 sent or queued, 5 not found, 7 refused or no room in the plan),
// the plan's room said before any request is sent, and the dealer's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationOutcome, VehicleDetailView } from '../../src/shared/views';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;
const posts = () => account.sb.stats.count('POST /publications/:reference');
const puts = () => account.sb.stats.count('PUT /publications/:reference');

beforeAll(async () => {
  account = await cliAccount({ vehicles: 60, seed: 23, integrationToken: 'cli-publish-token-0123456789' });
  const { sb } = account;
  const published = sb.data.list().filter((v) => v.publication !== null).length;
  const highlighted = sb.data.list().filter((v) => v.publication?.highlighted === true).length;
  // One listing slot and one highlight left.
  sb.data.setPlan({ adsQuantity: published + 1, highlightsQuantity: highlighted + 1 });
  const synced = await account.run(['sync', '--no-photos']);
  if (synced.code !== 0) throw new Error(synced.stderr);
});
afterAll(() => account.close());

describe('showroom publish', () => {
  it('sends what the plan has room for; the rest is not sent (exit 7, with the room left); unknown exits 5', async () => {
    const [a, b] = account.sb.data.list().filter((v) => v.publication === null && v.active);
    if (!a || !b) throw new Error('the seed has too few listings off the portal');
    const result = await account.run(['publish', a.reference, b.reference, '--json']);
    expect(result.code, result.stderr).toBe(7);
    const outcomes = json<PublicationOutcome[]>(result);
    expect(outcomes.map((o) => [o.reference, o.outcome])).toEqual([
      [a.reference, 'sent'],
      [b.reference, 'no_room'],
    ]);
    expect(posts()).toBe(1);
    const view = json<VehicleDetailView>(await account.run(['show', a.reference, '--json']));
    expect(view.publication.request).toMatchObject({ action: 'publish', status: 'pending' });

    const pt = await account.run(['publish', b.reference, '--lang', 'pt-BR']);
    expect(pt.code).toBe(7);
    expect(pt.stdout).toContain(`${b.reference}: sem espaço — Não enviado: seu plano tem 0 de`);
    expect(pt.stdout).toContain('Despublique outros anúncios');
    expect(posts()).toBe(1);

    const unknown = await account.run(['publish', 'NO-SUCH-REF']);
    expect(unknown.code).toBe(5);
    expect(unknown.stdout).toContain('NO-SUCH-REF: not found');
  });
});

describe('showroom highlight', () => {
  it('highlights within the plan (exit 0), holds back past it (exit 7), --off removes it', async () => {
    const [a, b] = account.sb.data.list().filter((v) => v.publication !== null && !v.publication.highlighted);
    if (!a || !b) throw new Error('the seed has too few listings to highlight');
    const first = await account.run(['highlight', a.reference]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${a.reference}: sent — Sent: the portal is applying it`);
    const second = await account.run(['highlight', b.reference]);
    expect(second.code).toBe(7);
    expect(second.stdout).toMatch(/no room — Not sent: your plan has 0 of \d+ highlights left and this needs 1/);
    expect(puts()).toBe(1);

    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    expect(account.sb.data.get(a.reference)?.publication?.highlighted).toBe(true);
    const off = await account.run(['highlight', a.reference, '--off']);
    expect(off.code, off.stderr).toBe(0);
    expect(puts()).toBe(2);
    expect((await account.run(['sync', '--no-photos'])).code).toBe(0);
    expect(account.sb.data.get(a.reference)?.publication?.highlighted).toBe(false);
    const view = json<VehicleDetailView>(await account.run(['show', a.reference, '--json']));
    expect(view.history.filter((e) => e.by === 'here').map((e) => e.change)).toEqual(expect.arrayContaining(['highlighted', 'unhighlighted']));
  });
});

describe('a request the portal refuses', () => {
  it('is listed by `showroom attention` under its reason, with the fix, in both languages', async () => {
    const { sb } = account;
    const [c] = sb.data.list().filter((v) => v.publication !== null && !v.publication.highlighted);
    if (!c) throw new Error('the seed has too few listings to highlight');
    // Every highlight taken behind the app's back: the copy of the plan it read still shows one left.
    sb.data.setPlan({ highlightsQuantity: sb.data.list().filter((v) => v.publication?.highlighted === true).length });
    const refused = await account.run(['highlight', c.reference]);
    expect(refused.code).toBe(7);
    expect(refused.stdout).toContain(`${c.reference}: refused`);

    const view = json<{ reasons: { reason: string; rows: { reference: string }[] }[] }>(await account.run(['attention', '--json']));
    expect(view.reasons.find((r) => r.reason === 'highlightRefused')?.rows.map((r) => r.reference)).toEqual([c.reference]);
    const text = await account.run(['attention', '--lang', 'en']);
    expect(text.stdout).toContain(
      'Highlight change refused by the portal (1)\n  Read what the portal said beside the listing. When the plan has no highlight left',
    );
    // The listing, with what the portal said.
    expect(text.stdout).toMatch(new RegExp(`\\n  ${c.reference}  .* — The portal refused the request: No highlights available`));
    const pt = await account.run(['attention', '--lang', 'pt-BR']);
    expect(pt.stdout).toContain('Destaque recusado pelo portal (1)\n  Leia o que o portal disse ao lado do anúncio.');
  });
});
