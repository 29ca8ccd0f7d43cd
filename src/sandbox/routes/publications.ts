// DELETE /publications/:reference (the interface), and the production portal's GET, POST (publish
// again) and PUT ({ highlighted }) on the same path (portal-notes.md, "Other endpoints"). All writes
// are queued: 202 + x-status-queue. DELETE on an unpublished vehicle and POST on a published one are
// accepted too (202, a no-op job): a queue-backed service checks existence and room, then queues.
// GET answers like GET /vehicles/:reference: x-status-queue while jobs on the vehicle are pending.
import type { FastifyInstance } from 'fastify';
import { accountOf, endpointOf, type SandboxContext } from '../context';
import { HttpError } from '../errors';
import { validatePublicationWrite } from '../validation';
import { queued, withQueue } from './vehicles';

type RefParams = { Params: { reference: string } };

export function publicationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.delete<RefParams>('/publications/:reference', async (request, reply) => {
    const job = accountOf(ctx, request).requestUnpublish(request.params.reference, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });

  app.get<RefParams>('/publications/:reference', async (request, reply) => {
    const account = accountOf(ctx, request);
    const { reference } = request.params;
    const sv = account.store.get(reference);
    if (!sv) throw new HttpError(404, `Vehicle ${reference} not found`);
    const pending = account.queue.pendingFor(reference);
    withQueue(ctx, reply, pending);
    if (!sv.vehicle.publication) {
      if (ctx.dialect.emptyBodyWhenUnpublished) return reply.code(200).send();
      throw new HttpError(404, `Vehicle ${reference} is not published`);
    }
    return { reference: sv.vehicle.reference, ...sv.vehicle.publication };
  });

  app.post<RefParams>('/publications/:reference', async (request, reply) => {
    const job = accountOf(ctx, request).requestPublish(request.params.reference, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });

  app.put<RefParams>('/publications/:reference', async (request, reply) => {
    const account = accountOf(ctx, request);
    const result = validatePublicationWrite(request.body);
    if (!result.ok) throw new HttpError(400, result.messages);
    const job = account.requestHighlight(request.params.reference, result.highlighted, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });
}
