// GET /clients/jwt and GET /clients/plan.
import type { FastifyInstance } from 'fastify';
import { accountOf, requestState, type SandboxContext } from '../context';

export function clientRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/clients/jwt', async (request) => {
    const clientId = requestState(request).clientId ?? '';
    return ctx.auth.issue(clientId);
  });

  app.get('/clients/plan', async (request) => accountOf(ctx, request).planView());
}
