// Answers the documentation leaves open, written the other ways a portal on the same libraries
// writes them (the sandbox's dialect switches, src/sandbox/dialect.ts): the client reads them the same.
import { describe, expect, it } from 'vitest';
import { clientFor, sandbox } from './helpers';

describe('portal client: the portal dialect', () => {
  it('x-status-queue in lower case, a single job as an object, extra fields, a bad timestamp: the job is read in capitals', async () => {
    const s = await sandbox({
      vehicles: 30,
      queueDelayMs: Number.POSITIVE_INFINITY,
      dialect: { queueHeader: { messageTypeCase: 'lower', singleAsObject: true, extraFields: true, badTimestamp: true } },
    });
    const client = clientFor(s);
    const target = s.data.list().find((v) => v.publication !== null);
    if (!target) throw new Error('seed without a published vehicle');
    const sent = await client.unpublish(target.reference);
    expect(sent).toMatchObject({ queue: [{ messageType: 'UNPUBLISH_VEHICLE', timestamp: undefined }], queueNotes: [] });
    const read = await client.getVehicle(target.reference);
    expect(read.queue).toMatchObject({ jobs: [{ jobId: sent.queue[0]?.jobId, messageType: 'UNPUBLISH_VEHICLE' }], notes: [] });
  });

  it('getPublication: 200 with an empty body (a handler that returned null) is "not published", never an invalid response', async () => {
    const s = await sandbox({ vehicles: 30, dialect: { emptyBodyWhenUnpublished: true } });
    const client = clientFor(s);
    const off = s.data.list().find((v) => v.publication === null);
    const on = s.data.list().find((v) => v.publication !== null);
    if (!off || !on) throw new Error('seed without an unpublished and a published vehicle');
    expect(await client.getPublication(off.reference)).toEqual({ status: 'none', portalMessage: undefined, queue: { jobs: [], notes: [] } });
    expect(s.stats.count('GET /publications/:reference', 200)).toBe(1);
    expect((await client.getPublication(on.reference)).status).toBe('published');
  });
});
