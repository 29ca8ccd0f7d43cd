// What the routes share: the clock, auth, limits, faults, stats and the client accounts.
import type { FastifyRequest } from 'fastify';
import type { ClientAccount } from './account';
import type { Auth } from './auth';
import type { SandboxClock } from './clock';
import type { DialectConfig } from './dialect';
import { HttpError } from './errors';
import type { FaultEngine } from './faults';
import type { RequestHold } from './hold';
import type { RateLimiter } from './ratelimit';
import type { Stats } from './stats';
import type { PhotoSubjects } from './photo-subjects';
import type { StudioPhotos } from './studio-photos';

/** What the photo host serves: 64×48 blocks (tests, benches) or studio shots (demo). */
export type PhotoStyle = 'tiny' | 'studio';

export interface SandboxContext {
  /** Path prefix of the API, e.g. "/integration/v2". */
  basePath: string;
  clock: SandboxClock;
  auth: Auth;
  rateLimiter: RateLimiter;
  faults: FaultEngine;
  /** How answers the documentation leaves open are written (dialect.ts); replaced whole by `dialect.set`. */
  dialect: DialectConfig;
  /** How the latency switch waits (a test may pass its own). */
  sleep: (ms: number) => Promise<unknown>;
  hold: RequestHold;
  photos: { style: PhotoStyle; studio: StudioPhotos; subjects: PhotoSubjects };
  stats: Stats;
  accounts: Map<string, ClientAccount>;
}

export interface RequestState {
  /** "GET /vehicles/:reference" (without the base path). */
  route: string;
  clientId?: string;
  fault?: 'truncate' | 'invalid-json';
  recorded?: boolean;
}

const states = new WeakMap<FastifyRequest, RequestState>();

export function requestState(request: FastifyRequest): RequestState {
  let s = states.get(request);
  if (!s) {
    s = { route: `${request.method} ${request.routeOptions.url ?? '(unknown)'}` };
    states.set(request, s);
  }
  return s;
}

/** The account of the authenticated client of this request. */
export function accountOf(ctx: SandboxContext, request: FastifyRequest): ClientAccount {
  const id = requestState(request).clientId;
  const account = id === undefined ? undefined : ctx.accounts.get(id);
  if (!account) throw new HttpError(401, 'Unauthorized');
  return account;
}

/** Path of the request without its query string (the `endpoint` of queue jobs). */
export function endpointOf(request: FastifyRequest): string {
  const url = request.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
