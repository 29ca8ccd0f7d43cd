// The change report says what happened (issue 30, item 5): a listing taken off by other software
// while the plan has room is "taken off elsewhere", not the plan's doing; a change of updatedAt or
// of the address alone names that field, in both languages.
import { describe, expect, it } from 'vitest';
import { syncChangesView } from '../../src/main/sync';
import { listingChangeTexts } from '../../src/shared/i18n/change-text';
import { renderMessage } from '../../src/shared/i18n/messages';
import { rig } from './helpers';

describe('the change report names what happened', () => {
  it('off the portal with room in the plan: taken off elsewhere; updatedAt alone: named', async () => {
    const r = await rig({ sandbox: { vehicles: 60, seed: 72, urlDelayMs: 0 } });
    await r.engine.run();
    expect((await r.portal.getPlan()).available.adsQuantity).toBeGreaterThan(0);
    const [off, touched] = r.sb.data.list().filter((v) => v.publication !== null && !v.publication.highlighted);
    if (!off || !touched) throw new Error('the seed has too few published listings');
    r.sb.clock.advance(1_000);
    // Other software takes one off; the portal stamps a change on another and nothing else.
    r.sb.data.unpublish(off.reference);
    r.sb.data.touch(touched.reference);

    const run = await r.engine.run({ kind: 'full' });
    const changes = syncChangesView(r.cache, run.id).changes;
    expect(changes.find((c) => c.reference === off.reference)).toMatchObject({ kind: 'offElsewhere', fields: [{ field: 'portal', from: 1, to: 0 }] });
    const stamp = changes.find((c) => c.reference === touched.reference);
    expect(stamp).toMatchObject({ kind: 'changed', fields: [{ field: 'updatedAt', from: touched.updatedAt }] });
    // Said as what Showroom knows: it was on the portal, and neither Showroom nor the plan took it off.
    expect(r.cache.getVehicle(off.reference)?.row).toMatchObject({ notOnPortalReason: 'offElsewhere', attention: ['offPortal', 'fewerPhotos'] });
    expect(run.counts.droppedByPortal).toBe(0);

    if (!stamp) throw new Error('unreachable');
    expect(listingChangeTexts('en', stamp)[0]).toMatch(/^Last change on the portal: /);
    expect(listingChangeTexts('pt-BR', stamp)[0]).toMatch(/^Última alteração no portal: /);
    expect(renderMessage('en', 'changes.offElsewhere')).toMatch(/elsewhere/);
    expect(renderMessage('pt-BR', 'changes.offElsewhere')).toMatch(/outro meio/);
  });

  it('a plan shrink read in the same sync: taken off by the portal (plan limit)', async () => {
    const r = await rig({ sandbox: { vehicles: 60, seed: 73, urlDelayMs: 0 } });
    await r.engine.run();
    const on = r.sb.data.list().filter((v) => v.publication !== null).length;
    r.sb.clock.advance(1_000);
    r.sb.data.setPlan({ adsQuantity: on - 1 });
    const run = await r.engine.run({ kind: 'full' });
    expect(syncChangesView(r.cache, run.id).changes.map((c) => c.kind)).toEqual(['dropped']);
  });
});
