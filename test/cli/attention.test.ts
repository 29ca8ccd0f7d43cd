// `showroom attention` and the count in `showroom status`, against the sandbox: the listings that
// need the dealer, by reason with its fix, in both languages; `search --attention` lists a reason's listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_REASONS, type AttentionReason } from '../../src/shared/attention';
import type { InventorySummary, VehicleRowView } from '../../src/shared/views';
import { cliAccount, json, type CliAccount } from './helpers';

let account: CliAccount;

beforeAll(async () => {
  account = await cliAccount({ vehicles: 30, seed: 23, urlDelayMs: 0, integrationToken: 'cli-attention-token-0123456789' });
  const synced = await account.run(['sync', '--no-photos']);
  expect(synced.code, synced.stderr).toBe(0);
});
afterAll(() => account.close());

interface AttentionJson {
  total: number;
  reasons: { reason: AttentionReason; total: number; rows: VehicleRowView[] }[];
}

describe('showroom attention', () => {
  it('lists each reason with its fix and its listings; the count matches status; --json; pt-BR', async () => {
    const { sb } = account;
    // The seed's listings with a rejected photo (a gap in the pictures' order) and the inactive ones;
    // an active listing the seed left off the portal has a more urgent first reason (offPortal).
    const rejected = sb.data
      .list()
      .filter((v) => v.pictures.some((p, i) => p.order !== i + 1) && (v.publication !== null || !v.active))
      .map((v) => v.reference)
      .sort();
    const inactive = sb.data
      .list()
      .filter((v) => !v.active)
      .map((v) => v.reference);
    expect(rejected.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);

    const view = json<AttentionJson>(await account.run(['attention', '--json', '--limit', '100']));
    const byReason = new Map(view.reasons.map((r) => [r.reason, r]));
    expect(
      byReason
        .get('rejectedPhotos')
        ?.rows.map((r) => r.reference)
        .sort(),
    ).toEqual(rejected);
    // An inactive listing is listed once, under its first reason, and carries every reason.
    const listed = view.reasons.flatMap((r) => r.rows);
    for (const reference of inactive) expect(listed.find((r) => r.reference === reference)?.attention, reference).toContain('inactive');
    expect(new Set(listed.map((r) => r.reference)).size).toBe(listed.length);
    // The count leaves out listings whose only reason is a suggestion (fewer photos than the plan allows).
    expect(listed.filter((r) => !SUGGESTION_REASONS.includes(r.attention[0] as AttentionReason)).length).toBe(view.total);
    const status = json<{ inventory: InventorySummary }>(await account.run(['status', '--json']));
    expect(status.inventory.needsAttention).toBe(view.total);

    const text = await account.run(['attention', '--lang', 'en', '--limit', '1']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`${view.total} listings need attention`);
    expect(text.stdout).toContain(`Rejected photos (${rejected.length})\n  The portal rejected some of its photos. Send all photos again`);
    if (rejected.length > 1) expect(text.stdout).toContain(`… ${rejected.length - 1} more: showroom search --attention rejectedPhotos`);
    // A suggestion's heading says it is not in that count; a reason that is counted does not.
    const fewer = byReason.get('fewerPhotos');
    expect(fewer?.total ?? 0).toBeGreaterThan(0);
    expect(text.stdout).toContain(
      `Fewer photos than the plan allows (${fewer?.total})\n  A suggestion, not counted in Needs attention: nothing is wrong with these listings, they could do better.\n  Your plan allows`,
    );
    expect(text.stdout.match(/A suggestion, not counted/g)).toHaveLength(1);
    const pt = await account.run(['attention', '--lang', 'pt-BR']);
    expect(pt.stdout).toContain(`${view.total} anúncios requerem atenção`);
    expect(pt.stdout).toContain(`Fotos recusadas (${rejected.length})\n  O portal recusou algumas das fotos.`);

    const statusText = await account.run(['status', '--lang', 'en']);
    expect(statusText.stdout).toMatch(new RegExp(`Needs attention:\\s+${view.total} \\(showroom attention\\)`));
    const search = json<{ total: number; rows: VehicleRowView[] }>(await account.run(['search', '--attention', 'rejectedPhotos', '--json', '--limit', '100']));
    expect(search.rows.map((r) => r.reference).sort()).toEqual(rejected);
  });
});
