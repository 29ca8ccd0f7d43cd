// The control surface over HTTP, for a sandbox run from the command line (demo, benchmarks):
// no auth, no faults, no rate limit. Everything here is also available in code on `Sandbox`.
//   GET    /_sandbox                 state: clients, plan, counts, queue, faults, rate limit, clock
//   POST   /_sandbox/clock/advance   { "ms": 2700000 }
//   POST   /_sandbox/clock/set       { "date": "2025-06-02T12:00:00Z" }
//   PUT    /_sandbox/faults          FaultConfig (merged; JSON-able fields only)
//   DELETE /_sandbox/faults
//   PUT    /_sandbox/dialect         DialectConfig (replaces the current one)
//   PUT    /_sandbox/plan            Partial<PlanLimits>
//   PUT    /_sandbox/rate-limit      { "limit": 50, "windowMs": 10000 } or false
//   POST   /_sandbox/queue/flush     applies every queued write, waiting for the pictures they fetch
//   POST   /_sandbox/vehicles/:reference/edit-elsewhere   write-shape fields (ElsewhereEdit): a change
//                                     made by the dealer's other software, applied at once
//   GET    /_sandbox/vehicles/:reference/video   { reference, videoUrl } (null when none): reads never show it
//   GET    /_sandbox/stats           POST /_sandbox/stats/reset
// Add ?client=<id> to address another client than the first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientAccount } from '../account';
import type { SandboxContext } from '../context';
import type { DialectConfig } from '../dialect';
import { HttpError } from '../errors';
import type { RateLimitConfig } from '../ratelimit';
import type { PlanLimits } from '../types';

type RefParams = { Params: { reference: string } };

export function controlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const account = (request: FastifyRequest): ClientAccount => {
    const wanted = (request.query as Record<string, string | undefined>).client;
    const found = wanted === undefined ? ctx.accounts.values().next().value : ctx.accounts.get(wanted);
    if (!found) throw new HttpError(404, `Unknown client ${wanted ?? ''}`);
    found.process();
    return found;
  };
  const object = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, ['body must be a JSON object']);
    return body as Record<string, unknown>;
  };

  app.get('/_sandbox', async () => ({
    clock: ctx.clock.now().toISOString(),
    faults: ctx.faults.get(),
    dialect: ctx.dialect,
    rateLimit: ctx.rateLimiter.get(),
    clients: [...ctx.accounts.values()].map((a) => {
      a.process();
      return { id: a.id, vehicles: a.store.size, plan: a.planView(), queue: a.queue.pending() };
    }),
  }));
  app.post('/_sandbox/clock/advance', async (request) => {
    const ms = object(request.body).ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new HttpError(400, ['ms must be a number']);
    ctx.clock.advance(ms);
    return { clock: ctx.clock.now().toISOString() };
  });
  app.post('/_sandbox/clock/set', async (request) => {
    const date = object(request.body).date;
    if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) throw new HttpError(400, ['date must be an ISO date']);
    ctx.clock.set(date);
    return { clock: ctx.clock.now().toISOString() };
  });
  app.put('/_sandbox/faults', async (request) => {
    try {
      ctx.faults.set(object(request.body));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, [(error as Error).message]);
    }
    return ctx.faults.get();
  });
  app.delete('/_sandbox/faults', async () => {
    ctx.faults.clear();
    return ctx.faults.get();
  });
  app.put('/_sandbox/dialect', async (request) => {
    ctx.dialect = { ...(object(request.body) as DialectConfig) };
    return ctx.dialect;
  });
  app.put('/_sandbox/plan', async (request) => account(request).setPlan(object(request.body) as Partial<PlanLimits>));
  app.put('/_sandbox/rate-limit', async (request) => {
    const body = request.body === false ? false : (object(request.body) as unknown as RateLimitConfig);
    try {
      ctx.rateLimiter.set(body);
    } catch (error) {
      throw new HttpError(400, [(error as Error).message]);
    }
    return { rateLimit: ctx.rateLimiter.get() };
  });
  app.post('/_sandbox/queue/flush', async (request) => {
    const queue = account(request).queue;
    return { applied: queue.flush() + (await queue.settle()) };
  });
  app.post<RefParams>('/_sandbox/vehicles/:reference/edit-elsewhere', async (request) =>
    account(request).editElsewhere(request.params.reference, object(request.body)),
  );
  app.get<RefParams>('/_sandbox/vehicles/:reference/video', async (request) => {
    const found = account(request);
    const { reference } = request.params;
    if (!found.store.has(reference)) throw new HttpError(404, `Vehicle ${reference} not found`);
    return { reference, videoUrl: found.videoUrlOf(reference) ?? null };
  });
  app.get('/_sandbox/stats', async () => ctx.stats.snapshot());
  app.post('/_sandbox/stats/reset', async () => {
    ctx.stats.reset();
    return ctx.stats.snapshot();
  });
}
