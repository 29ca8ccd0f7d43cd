// The portal client's publication calls against the sandbox: read the publication, publish again,
// highlight; and what each refusal means (the same taxonomy as unpublish).
import { describe, expect, it } from 'vitest';
import { createPortalClient } from '../../src/main/portal';
import { clientFor, errorOf, sandbox } from './helpers';
import { json, startHttpServer } from './servers';

describe('portal client: publications', () => {
  it('getPublication: the publication, pending jobs from x-status-queue, "none" on 404', async () => {
    const s = await sandbox({ vehicles: 30, queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const lit = s.data.list().find((v) => v.publication?.highlighted);
    const off = s.data.list().find((v) => v.publication === null);
    if (!lit || !off) throw new Error('seed without a highlighted or an unpublished vehicle');
    expect(await client.getPublication(lit.reference)).toEqual({ status: 'published', publication: { highlighted: true }, queue: { jobs: [], notes: [] } });

    const job = await client.setHighlighted(lit.reference, false);
    const pending = await client.getPublication(lit.reference);
    expect(pending).toMatchObject({
      status: 'published',
      publication: { highlighted: true },
      queue: { jobs: [{ jobId: job.queue[0]?.jobId, messageType: 'UPDATE_VEHICLE_PUBLICATION' }] },
    });

    expect(await client.getPublication(off.reference)).toEqual({
      status: 'none',
      portalMessage: `Vehicle ${off.reference} is not published`,
      queue: { jobs: [], notes: [] },
    });
    expect(await client.getPublication('NO-SUCH-REF')).toMatchObject({ status: 'none', portalMessage: 'Vehicle NO-SUCH-REF not found' });
  });

  it('getPublication: a body that is not a publication is an invalid response, never a guess', async () => {
    const bodies = [{ highlighted: 'yes' }, ['highlighted'], { reference: 'A1' }];
    let next = 0;
    const server = await startHttpServer((req, res) => {
      if (req.url?.endsWith('/clients/jwt')) return json(res, 200, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0LWp3dA', expiration: '1d' });
      json(res, 200, bodies[next++]);
    });
    try {
      const client = createPortalClient({ baseUrl: `${server.url}/integration/v2`, integrationToken: 'sbx_shape' });
      for (const body of bodies) {
        const error = await errorOf(client.getPublication('A1'));
        expect(error, JSON.stringify(body)).toMatchObject({ kind: 'invalid_response', detail: { endpoint: '/publications/A1', status: 200 } });
      }
    } finally {
      await server.close();
    }
  });

  it('publish: queued (202, PUBLISH_VEHICLE), applied after the queue delay; 422 without a slot → validation with the portal message', async () => {
    const s = await sandbox({ vehicles: 40, queueDelayMs: 60_000 });
    const client = clientFor(s);
    const [a, b] = s.data.list().filter((v) => v.publication === null && v.active);
    if (!a || !b) throw new Error('need two unpublished, active vehicles');
    s.data.setPlan({ adsQuantity: s.data.list().filter((v) => v.publication).length + 1 });

    const accepted = await client.publish(a.reference);
    expect(accepted).toMatchObject({
      accepted: true,
      status: 202,
      queue: [{ messageType: 'PUBLISH_VEHICLE', endpoint: `/integration/v2/publications/${a.reference}` }],
      queueNotes: [],
    });
    expect((await client.getPublication(a.reference)).status).toBe('none');
    s.clock.advance(60_000);
    expect(await client.getPublication(a.reference)).toMatchObject({ status: 'published', publication: { highlighted: false } });
    expect((await client.getPlan()).available.adsQuantity).toBe(0);

    const refused = await errorOf(client.publish(b.reference));
    expect(refused).toMatchObject({
      kind: 'validation',
      detail: { method: 'POST', endpoint: `/publications/${b.reference}`, status: 422, portalError: 'Unprocessable Entity' },
    });
    expect(refused.detail?.portalMessage).toMatch(/No ads available in the current plan/);
    expect(refused.message).toContain('No ads available in the current plan');

    // Publishing what is already published is accepted and changes nothing.
    expect((await client.publish(a.reference)).status).toBe(202);
    expect((await errorOf(client.publish('NO-SUCH-REF'))).kind).toBe('not_found');
  });

  it('setHighlighted: queued (UPDATE_VEHICLE_PUBLICATION) with the JSON body; 422 without a highlight → validation; 404', async () => {
    const s = await sandbox({ vehicles: 40, queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const [a, b] = s.data.list().filter((v) => v.publication && !v.publication.highlighted);
    if (!a || !b) throw new Error('need two published vehicles without a highlight');
    s.data.setPlan({ highlightsQuantity: s.data.list().filter((v) => v.publication?.highlighted).length + 1 });

    const on = await client.setHighlighted(a.reference, true);
    expect(on).toMatchObject({ accepted: true, status: 202, queue: [{ messageType: 'UPDATE_VEHICLE_PUBLICATION' }] });
    s.data.applyQueue();
    expect(s.data.get(a.reference)?.publication).toEqual({ highlighted: true });

    const refused = await errorOf(client.setHighlighted(b.reference, true));
    expect(refused).toMatchObject({ kind: 'validation', detail: { method: 'PUT', status: 422 } });
    expect(refused.message).toContain('No highlights available in the current plan');

    expect((await client.setHighlighted(a.reference, false)).status).toBe(202);
    s.data.applyQueue();
    expect(s.data.get(a.reference)?.publication).toEqual({ highlighted: false });

    const off = s.data.list().find((v) => v.publication === null);
    expect(await errorOf(client.setHighlighted(off?.reference ?? '', true))).toMatchObject({ kind: 'validation', detail: { status: 422 } });
    expect((await errorOf(client.setHighlighted('NO-SUCH-REF', true))).kind).toBe('not_found');
  });

  it('writes are retried after a server error (they set a state), and 5xx in the end is `server`', async () => {
    const s = await sandbox({ vehicles: 20, queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const v = s.data.list().find((x) => x.publication && !x.publication.highlighted);
    await client.getPlan(); // the JWT first, so the faults hit the write
    s.faults.failNext(1, 503);
    expect((await client.setHighlighted(v?.reference ?? '', true)).status).toBe(202);
    expect(s.data.pending().map((j) => j.messageType)).toEqual(['UPDATE_VEHICLE_PUBLICATION']);
    const impatient = clientFor(s, { attempts: 2 });
    await impatient.getPlan();
    s.faults.failNext(2, 500);
    expect(await errorOf(impatient.publish(v?.reference ?? ''))).toMatchObject({ kind: 'server', detail: { status: 500, method: 'POST' } });
    expect(s.data.pending()).toHaveLength(1); // neither attempt reached the queue
  });
});
