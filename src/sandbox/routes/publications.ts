// DELETE /publications/:reference (the interface), and the production portal's GET, POST (publish
// again) and PUT ({ highlighted }) on the same path. All writes are queued: 202 + x-status-queue.
// DELETE on an unpublished vehicle is accepted too (202, a no-op job): a queue-backed service only
// checks that the vehicle exists before queueing.
import type { FastifyInstance } from 'fastify';
import { accountOf, endpointOf, type SandboxContext } from '../context';
import { HttpError } from '../errors';
import { queued } from './vehicles';

type RefParams = { Params: { reference: string } };

export function publicationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.delete<RefParams>('/publications/:reference', async (request, reply) => {
    const job = accountOf(ctx, request).requestUnpublish(request.params.reference, endpointOf(request));
    return queued(reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });

  app.get<RefParams>('/publications/:reference', async (request) => {
    const sv = accountOf(ctx, request).store.get(request.params.reference);
    if (!sv) throw new HttpError(404, `Vehicle ${request.params.reference} not found`);
    if (!sv.vehicle.publication) throw new HttpError(404, `Vehicle ${request.params.reference} is not published`);
    return { reference: sv.vehicle.reference, ...sv.vehicle.publication };
  });

  app.post<RefParams>('/publications/:reference', async (request, reply) => {
    const job = accountOf(ctx, request).requestPublish(request.params.reference, endpointOf(request));
    return queued(reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });

  app.put<RefParams>('/publications/:reference', async (request, reply) => {
    const body = request.body;
    const highlighted = typeof body === 'object' && body !== null && 'highlighted' in body ? (body as { highlighted: unknown }).highlighted : undefined;
    if (typeof highlighted !== 'boolean') throw new HttpError(400, ['highlighted must be a boolean value']);
    const job = accountOf(ctx, request).requestHighlight(request.params.reference, highlighted, endpointOf(request));
    return queued(reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });
}
