// A send cut short is checked against the portal's queue before it is sent again (outbox.test.ts);
// the portal may write the queue's message types in lower case, as the production documentation's
// example does (issue 30, item 2). The sandbox's dialect switch writes them so.
import { describe, expect, it } from 'vitest';
import { createChanges } from '../../src/main/changes/ledger';
import { rig } from './helpers';

const DELETE_ROUTE = 'DELETE /publications/:reference';

describe('an interrupted unpublish against a portal that writes unpublish_vehicle', () => {
  it('the pending lower-case job is recognised: exactly one DELETE reaches the portal', { timeout: 30_000 }, async () => {
    const r = await rig({
      sandbox: { vehicles: 30, seed: 42, queueDelayMs: Number.POSITIVE_INFINITY, dialect: { queueHeader: { messageTypeCase: 'lower' } } },
    });
    await r.engine.run({ kind: 'full' });
    const target = r.sb.data.list().find((v) => v.publication !== null)!.reference;
    // The send reached the portal (its job is queued there) but the process died before the answer.
    const entry = createChanges(r.cache).save('unpublish', target, {});
    r.cache.ledger.markSending(entry.id);
    await r.portal.unpublish(target);
    expect(r.sb.stats.count(DELETE_ROUTE)).toBe(1);

    const flushed = await r.engine.flushChanges();
    expect(flushed).toMatchObject({ sent: { unpublish: 1 }, remaining: 0 });
    expect(r.sb.stats.count(DELETE_ROUTE)).toBe(1);
    expect(r.sb.data.pending().filter((job) => job.messageType === 'UNPUBLISH_VEHICLE')).toHaveLength(1);
  });
});
