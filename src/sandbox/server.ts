// The fastify server: the integration API under the base path (auth → rate limit → faults →
// queue processing → route), the photo host and listing pages, and the control routes.
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { requestState, type SandboxContext } from './context';
import { HttpError, nestError, reasonPhrase } from './errors';
import { SANDBOX_FETCH_HEADER } from './picture-fetch';
import { catalogueRoutes } from './routes/catalogue';
import { clientRoutes } from './routes/clients';
import { controlRoutes } from './routes/control';
import { photoRoutes } from './routes/photos';
import { publicationRoutes } from './routes/publications';
import { vehicleRoutes } from './routes/vehicles';

export function buildServer(ctx: SandboxContext): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, routerOptions: { maxParamLength: 600 } });

  // Like NestJS (body-parser), accept an empty body sent with a JSON content type (e.g. a DELETE).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new HttpError(400, 'Unexpected token in JSON body: the body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.code(error.status).send(error.body());
    }
    const fastifyError = error as { statusCode?: number; message?: string };
    const status = fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (status >= 500) process.stderr.write(`sandbox: ${request.method} ${request.url} failed: ${String((error as Error).stack ?? error)}\n`);
    return reply.code(status).send(nestError(status, status >= 500 ? 'Internal server error' : (fastifyError.message ?? reasonPhrase(status))));
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send(nestError(404, `Cannot ${request.method} ${request.url.split('?')[0]}`)));

  app.addHook('onResponse', async (request, reply) => {
    const state = requestState(request);
    if (state.recorded || request.headers[SANDBOX_FETCH_HEADER] !== undefined) return;
    state.recorded = true;
    const url = request.url;
    if (url.startsWith(`${ctx.basePath}/`) || url === ctx.basePath) ctx.stats.record(state.route, reply.statusCode, 'api');
    else if (url.startsWith('/photos/')) ctx.stats.record('GET /photos/:file', reply.statusCode, 'photo');
    else ctx.stats.record(`${request.method} ${request.routeOptions.url ?? '(unknown)'}`, reply.statusCode, 'other');
  });

  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const state = requestState(request);
        const routeUrl = request.routeOptions.url ?? '';
        state.route = `${request.method} ${routeUrl.startsWith(ctx.basePath) ? routeUrl.slice(ctx.basePath.length) : routeUrl}`;

        const latency = ctx.faults.latencyFor(state.route);
        if (latency > 0) await ctx.sleep(latency);
        await ctx.hold.pass(state.route);

        let clientId: string;
        if (state.route === 'GET /clients/jwt') {
          const token = request.headers.token;
          const found = ctx.auth.clientForIntegrationToken(typeof token === 'string' ? token : undefined);
          if (!found) throw new HttpError(401, token ? 'Invalid integration token' : 'Missing integration token in the "token" header');
          clientId = found;
        } else {
          clientId = await ctx.auth.verifyHeader(request.headers.authorization);
        }
        state.clientId = clientId;

        const limit = ctx.rateLimiter.hit(clientId);
        if (limit) {
          reply.header('x-ratelimit-limit', String(limit.limit));
          reply.header('x-ratelimit-remaining', String(limit.remaining));
          reply.header('x-ratelimit-reset', String(limit.resetSeconds));
          if (limit.limited) throw new HttpError(429, 'ThrottlerException: Too Many Requests', { 'retry-after': String(limit.resetSeconds) });
        }

        const fault = ctx.faults.next(state.route);
        switch (fault.kind) {
          case 'reset':
            state.recorded = true;
            ctx.stats.record(state.route, 'reset', 'api');
            reply.hijack();
            request.raw.socket.destroy();
            return;
          case 'status':
            if (fault.status === 502 || fault.status === 504) {
              // A gateway in front of the API answers in HTML, not in NestJS's shape.
              return reply
                .code(fault.status)
                .type('text/html')
                .send(
                  `<html><head><title>${fault.status} ${reasonPhrase(fault.status)}</title></head><body><center><h1>${fault.status} ${reasonPhrase(fault.status)}</h1></center><hr><center>nginx</center></body></html>`,
                );
            }
            throw new HttpError(fault.status, fault.status >= 500 ? 'Internal server error' : reasonPhrase(fault.status));
          case 'truncate':
          case 'invalid-json':
            state.fault = fault.kind;
            break;
          case 'none':
            break;
        }

        ctx.accounts.get(clientId)?.process();
      });

      api.addHook('onSend', async (request, reply, payload) => {
        const state = requestState(request);
        if (!state.fault || typeof payload !== 'string') return payload;
        if (state.fault === 'invalid-json') return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
        // Truncate: announce the full length, send half, then drop the connection.
        state.recorded = true;
        ctx.stats.record(state.route, 'truncated', 'api');
        const bytes = Buffer.from(payload);
        reply.header('content-length', String(bytes.length));
        let sent = false;
        return new Readable({
          read() {
            if (sent) return;
            sent = true;
            this.push(bytes.subarray(0, Math.floor(bytes.length / 2)));
            setTimeout(() => {
              request.raw.socket.destroy();
            }, 5);
          },
        });
      });

      clientRoutes(api, ctx);
      catalogueRoutes(api, ctx);
      vehicleRoutes(api, ctx);
      publicationRoutes(api, ctx);
    },
    { prefix: ctx.basePath },
  );

  photoRoutes(app, ctx);
  controlRoutes(app, ctx);
  return app;
}
