// GET /vehicles (paginated), GET /vehicles/:reference, and the queued writes POST /vehicles,
// PUT /vehicles/:reference, DELETE /vehicles/:reference.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountOf, endpointOf, type SandboxContext } from '../context';
import { queueHeaderValue } from '../dialect';
import { HttpError } from '../errors';
import { envelope, parseListQuery } from '../paginate';
import type { QueueJobInfo } from '../types';
import { validateVehicleWrite } from '../write-shape';

type RefParams = { Params: { reference: string } };

export function queued(ctx: SandboxContext, reply: FastifyReply, jobs: QueueJobInfo[]): FastifyReply {
  return withQueue(ctx, reply.code(202), jobs);
}

/** Sets `x-status-queue` when jobs are pending. */
export function withQueue(ctx: SandboxContext, reply: FastifyReply, jobs: QueueJobInfo[]): FastifyReply {
  return jobs.length ? reply.header('x-status-queue', queueHeaderValue(ctx.dialect, jobs)) : reply;
}

/** A write the faults refuse on a field (faults.ts, `refuseWrites`): 400 naming it, as production's validation does. */
function refuseIfAsked(ctx: SandboxContext, reference: string): void {
  const sentence = ctx.faults.writeRefusal(reference);
  if (sentence !== null) throw new HttpError(400, [sentence]);
}

export function vehicleRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/vehicles', async (request, reply) => {
    const account = accountOf(ctx, request);
    const q = parseListQuery(request.query);
    const { index, mutation } = ctx.faults.nextListRequest();
    if (mutation) for (let i = 0; i < mutation.count; i++) account.mutate(mutation.action);
    const hook = ctx.faults.listHook;
    if (hook) await hook({ index, page: q.page, limit: q.limit, clientId: account.id });
    const items = account.store.query(q);
    const start = (q.page - 1) * q.limit;
    const now = ctx.clock.nowMs();
    const page = start < items.length ? items.slice(start, start + q.limit) : [];
    const path = `${request.protocol}://${request.headers.host ?? request.host}${endpointOf(request)}`;
    if (ctx.faults.corruptsVehicles)
      return envelope(
        q,
        items.length,
        page.map((sv) => ctx.faults.corrupt(account.wire(sv, now))),
        path,
      );
    // Fast path: splice cached vehicle JSON into the envelope instead of serialising 50 objects.
    const { data: _empty, ...rest } = envelope(q, items.length, [], path);
    const json = `{"data":[${page.map((sv) => account.wireJson(sv, now)).join(',')}],${JSON.stringify(rest).slice(1)}`;
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get<RefParams>('/vehicles/:reference', async (request, reply) => {
    const account = accountOf(ctx, request);
    const { reference } = request.params;
    const sv = account.store.get(reference);
    const pending = account.queue.pendingFor(reference);
    if (!sv) {
      if (pending.some((j) => j.messageType === 'CREATE_VEHICLE')) {
        return queued(ctx, reply, pending).send({ statusCode: 202, message: `Vehicle ${reference} is queued for creation` });
      }
      throw new HttpError(404, `Vehicle ${reference} not found`);
    }
    withQueue(ctx, reply, pending);
    return ctx.faults.corrupt(account.wire(sv));
  });

  app.post('/vehicles', async (request, reply) => {
    const account = accountOf(ctx, request);
    const result = validateVehicleWrite(request.body);
    if (!result.ok) throw new HttpError(400, result.messages);
    refuseIfAsked(ctx, result.write.reference);
    const job = account.requestCreate(result.write, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: result.write.reference, jobs: [job] });
  });

  app.put<RefParams>('/vehicles/:reference', async (request, reply) => {
    const account = accountOf(ctx, request);
    const result = validateVehicleWrite(request.body);
    if (!result.ok) throw new HttpError(400, result.messages);
    refuseIfAsked(ctx, request.params.reference);
    const job = account.requestUpdate(request.params.reference, result.write, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });

  app.delete<RefParams>('/vehicles/:reference', async (request, reply) => {
    const account = accountOf(ctx, request);
    const job = account.requestDelete(request.params.reference, endpointOf(request));
    return queued(ctx, reply, [job]).send({ reference: request.params.reference, jobs: [job] });
  });
}
