// The sandbox portal: a real HTTP server that behaves like the production portal (see
// design.md, "The sandbox portal"). Start it from code with startSandbox(), or from the command
// line with `npm run sandbox`.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientAccount, type ElsewhereEdit, type UpsertOptions, type VehicleInput } from './account';
import { Auth, newIntegrationToken, type IssuedToken } from './auth';
import { createClock, type SandboxClock } from './clock';
import type { SandboxContext } from './context';
import type { DialectConfig } from './dialect';
import type { DurationInput } from './duration';
import { FaultEngine, type FaultConfig } from './faults';
import { RequestHold, type HoldControls } from './hold';
import { RateLimiter, type RateLimitConfig } from './ratelimit';
import { buildServer } from './server';
import { Stats, type StatsSnapshot } from './stats';
import type { PlanLimits, PlanView, PortalVehicle, QueueJobInfo } from './types';

export { generateVehicles, generateRecords, DEFAULT_GENERATION_NOW, DEFAULT_URL_DELAY_MS, type GenerateOptions, type GeneratedRecord } from './generator';
export { placeholderJpeg } from './jpeg';
export { parseDuration } from './duration';
export { defaultPlan, type VehicleInput, type UpsertOptions, type ElsewhereEdit } from './account';
export { BRANDS, MODELS, TRIMS, ACCESSORIES, OTHER_INFOS, LISTED_BRANDS, LISTED_MODELS, LISTED_TRIMS, accessoriesFor } from './catalogue';
export { INPUT_LIMITS } from './validation';
export { isVideoPageUrl, type VehicleWrite } from './write-shape';
export type { DialectConfig, CatalogueList } from './dialect';
export type { FaultConfig, InvalidVehicleKind, ListRequestInfo } from './faults';
export type { RateLimitConfig } from './ratelimit';
export type { StatsSnapshot } from './stats';
export type { SandboxClock } from './clock';
export type { HoldControls, HoldMatch } from './hold';
export type { IssuedToken } from './auth';
export type { DurationInput } from './duration';
export type { NamedItem, PortalPicture, PortalVehicle, PlanLimits, PlanView, QueueJobInfo, QueueMessageType } from './types';

export const DEFAULT_BASE_PATH = '/integration/v2';

export interface SandboxClientOptions {
  /** Client id (the JWT's `sub`). Default "client-2", "client-3", ... */
  id?: string;
  /** Default: a random token. */
  integrationToken?: string;
  /** Default 50. */
  vehicles?: number;
  /** Default: the sandbox seed plus the client's position. */
  seed?: number;
  plan?: Partial<PlanLimits>;
  /** Overrides the sandbox's rate limit for this client. */
  rateLimit?: RateLimitConfig | false;
}

export interface SandboxOptions {
  /** Vehicles of the first client. Default 50. 0 to 100,000 (more works, slowly). */
  vehicles?: number;
  /** Seed of the generated stock and of probabilistic faults. Default 1. */
  seed?: number;
  /** Default 0: chosen by the OS. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default "/integration/v2"; must end with "/integration/v2". */
  basePath?: string;
  /** Integration token of the first client. Default: random. */
  integrationToken?: string;
  /** Id of the first client (the JWT's `sub`). Default "client-1". */
  clientId?: string;
  /** The `expiration` text of GET /clients/jwt. Default "1d". */
  expiration?: string;
  /** Real JWT lifetime ("30s", "1d" or ms). Default: same as `expiration`. */
  jwtTtl?: DurationInput;
  /** Fixed-window rate limit per client. Default false (off: no rate-limit headers). */
  rateLimit?: RateLimitConfig | false;
  /** Delay before a queued write applies, on the sandbox clock. Default 0; Infinity: only applyQueue(). */
  queueDelayMs?: number;
  /** Delay before a listing's url appears after an insert or edit, on the sandbox clock. Default 45 min. */
  urlDelayMs?: number;
  /** Plan of the first client (merged over the default plan for its stock size). */
  plan?: Partial<PlanLimits>;
  faults?: FaultConfig;
  /** How answers the documentation leaves open are written (dialect.ts). Default: as portal-notes.md describes. */
  dialect?: DialectConfig;
  /** Start of the sandbox clock (it keeps ticking). Default: real now. */
  now?: Date | string | number;
  /** How the latency fault waits. Default: a timer; a test passes one it resolves itself. */
  sleep?: (ms: number) => Promise<unknown>;
  /** More clients, each with its own stock, plan and token. */
  clients?: SandboxClientOptions[];
}

/** Direct access to one client's data, bypassing the queue (and faults, auth, rate limit). */
export interface DataControls {
  readonly clientId: string;
  /** Every applied vehicle as a client would read it now, in reference order. */
  list(): PortalVehicle[];
  get(reference: string): PortalVehicle | undefined;
  /** Inserts or merges a vehicle (missing fields of a new one are generated); bumps updatedAt; re-applies the plan. */
  upsert(vehicle: VehicleInput, options?: UpsertOptions): PortalVehicle;
  remove(reference: string): boolean;
  /** Sets publication to null at once (and bumps updatedAt). */
  unpublish(reference: string): boolean;
  /** Bumps updatedAt (a change by the service). */
  touch(reference: string): boolean;
  /** Number of applied vehicles. */
  count(): number;
  plan(): PlanView;
  /** Changes the plan and re-applies the plan-exceeded rule. */
  setPlan(plan: Partial<PlanLimits>): PlanView;
  /**
   * A change "from elsewhere" (the dealer's other software, with its own PUT), applied at once:
   * write-shape fields over the listing's, checked like a PUT (throws on a 400/422), updatedAt
   * bumped, url stale or missing for the url delay. `videoUrl: null` removes the video.
   */
  editElsewhere(reference: string, patch: ElsewhereEdit): Promise<PortalVehicle>;
  /** The video link stored with a listing, which reads never return; undefined when none. */
  videoUrl(reference: string): string | undefined;
  /** Queued writes not applied yet. */
  pending(): QueueJobInfo[];
  /**
   * Makes every queued write due now and applies those that fetch nothing; returns how many. A
   * write with pictures starts fetching them and applies when they are fetched: await settle().
   */
  applyQueue(): number;
  /** Waits until no due write is still fetching its pictures; returns how many writes applied meanwhile. */
  settle(): Promise<number>;
  setQueueDelay(ms: number): void;
  setUrlDelay(ms: number): void;
  /** The change the mutateWhilePaging fault makes; returns the reference affected. */
  mutate(action: 'insert' | 'remove' | 'touch'): string | undefined;
}

export interface FaultControls {
  /** Merges faults into the current ones (a field set to undefined removes it). */
  set(faults: FaultConfig): void;
  clear(): void;
  get(): FaultConfig;
  /** The next `count` API requests answer `status` (default 503). */
  failNext(count: number, status?: number): void;
}

export interface StatsControls {
  snapshot(): StatsSnapshot;
  reset(): void;
  /** Requests to a route ("GET /vehicles", "GET /clients/jwt", "GET /photos/:file", ...), optionally of one status. */
  count(route: string, status?: number | string): number;
  /** API requests so far (photos and control routes excluded). */
  readonly requests: number;
  /** 429 answers so far. */
  readonly rateLimited: number;
}

export interface AuthControls {
  /** Replaces the client's integration token (the old one gets 401) and returns the new one. */
  rotateIntegrationToken(clientId?: string): string;
  /** Every JWT issued so far gets 401 from now on. */
  revokeJwts(): void;
  setExpiration(expiration: string, jwtTtl?: DurationInput): void;
  /** A JWT as GET /clients/jwt would issue it. */
  issueJwt(clientId?: string): Promise<IssuedToken>;
}

export interface SandboxClientHandle {
  readonly id: string;
  readonly integrationToken: string;
  readonly data: DataControls;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234/integration/v2 */
  readonly baseUrl: string;
  /** e.g. http://127.0.0.1:41234 (photos, listing pages and /_sandbox control routes live here). */
  readonly origin: string;
  readonly port: number;
  /** Integration token of the first client (changes after auth.rotateIntegrationToken()). */
  readonly integrationToken: string;
  readonly clientId: string;
  readonly seed: number;
  readonly clock: SandboxClock;
  /** The first client's data. */
  readonly data: DataControls;
  readonly faults: FaultControls;
  /** Replaces the dialect switches (dialect.ts); `set({})` goes back to the documented answers. */
  readonly dialect: { set(dialect: DialectConfig): void; get(): DialectConfig };
  /** Holds answers to chosen routes until released (hold.ts). */
  readonly hold: HoldControls;
  readonly stats: StatsControls;
  readonly auth: AuthControls;
  readonly rateLimit: { set(config: RateLimitConfig | false, clientId?: string): void; get(clientId?: string): Required<RateLimitConfig> | false };
  /** Every client, the first one included. */
  readonly clients: SandboxClientHandle[];
  client(id: string): SandboxClientHandle;
  close(): Promise<void>;
}

function dataControls(account: ClientAccount): DataControls {
  return {
    clientId: account.id,
    list: () => account.list(),
    get: (reference) => account.get(reference),
    upsert: (vehicle, options) => account.upsert(vehicle, options),
    remove: (reference) => account.remove(reference),
    unpublish: (reference) => {
      account.process();
      return account.unpublish(reference);
    },
    touch: (reference) => {
      account.process();
      return account.touch(reference);
    },
    count: () => {
      account.process();
      return account.store.size;
    },
    plan: () => {
      account.process();
      return account.planView();
    },
    setPlan: (plan) => {
      account.process();
      return account.setPlan(plan);
    },
    pending: () => {
      account.process();
      return account.queue.pending();
    },
    editElsewhere: (reference, patch) => account.editElsewhere(reference, patch),
    videoUrl: (reference) => account.videoUrlOf(reference),
    applyQueue: () => account.queue.flush(),
    settle: () => account.queue.settle(),
    setQueueDelay: (ms) => {
      if (!(ms >= 0)) throw new Error(`queue delay must be >= 0, got ${ms}`);
      account.queue.delayMs = ms;
    },
    setUrlDelay: (ms) => {
      if (!(ms >= 0)) throw new Error(`url delay must be >= 0, got ${ms}`);
      account.urlDelayMs = ms;
    },
    mutate: (action) => {
      account.process();
      return account.mutate(action);
    },
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  if (!basePath.endsWith('/integration/v2') || !basePath.startsWith('/'))
    throw new Error(`basePath must start with "/" and end with "/integration/v2", got ${basePath}`);
  const seed = options.seed ?? 1;
  const clock = createClock(options.now);
  const auth = new Auth({ clock, expiration: options.expiration, jwtTtl: options.jwtTtl });
  const rateLimiter = new RateLimiter(clock, options.rateLimit);
  const faults = new FaultEngine(seed, options.faults);
  const stats = new Stats();
  const hold = new RequestHold();
  const ctx: SandboxContext = {
    basePath,
    clock,
    auth,
    rateLimiter,
    faults,
    dialect: { ...options.dialect },
    sleep: options.sleep ?? sleep,
    hold,
    stats,
    accounts: new Map(),
  };

  const app = buildServer(ctx);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const tokens = new Map<string, string>();
  const addClient = (id: string, token: string, vehicles: number, clientSeed: number, plan?: Partial<PlanLimits>): ClientAccount => {
    if (ctx.accounts.has(id)) throw new Error(`duplicate client id ${id}`);
    const account = new ClientAccount({
      id,
      clock,
      origin,
      vehicles,
      seed: clientSeed,
      plan,
      urlDelayMs: options.urlDelayMs,
      queueDelayMs: options.queueDelayMs,
      dialect: () => ctx.dialect,
    });
    ctx.accounts.set(id, account);
    auth.addClient(token, id);
    tokens.set(id, token);
    return account;
  };

  let first: ClientAccount;
  try {
    first = addClient(options.clientId ?? 'client-1', options.integrationToken ?? newIntegrationToken(), options.vehicles ?? 50, seed, options.plan);
    (options.clients ?? []).forEach((c, i) => {
      const id = c.id ?? `client-${i + 2}`;
      addClient(id, c.integrationToken ?? newIntegrationToken(), c.vehicles ?? 50, c.seed ?? seed + i + 1, c.plan);
      if (c.rateLimit !== undefined) rateLimiter.set(c.rateLimit, id);
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  const handles = new Map<string, SandboxClientHandle>();
  for (const account of ctx.accounts.values()) {
    const data = dataControls(account);
    handles.set(account.id, {
      id: account.id,
      get integrationToken() {
        return tokens.get(account.id) ?? '';
      },
      data,
    });
  }
  const handle = (id: string): SandboxClientHandle => {
    const h = handles.get(id);
    if (!h) throw new Error(`unknown client ${id}`);
    return h;
  };

  let closed = false;
  return {
    baseUrl: `${origin}${basePath}`,
    origin,
    port,
    get integrationToken() {
      return tokens.get(first.id) ?? '';
    },
    clientId: first.id,
    seed,
    clock,
    data: handle(first.id).data,
    faults: {
      set: (config) => faults.set(config),
      clear: () => faults.clear(),
      get: () => faults.get(),
      failNext: (count, status) => faults.failNext(count, status),
    },
    dialect: {
      set: (dialect) => {
        ctx.dialect = { ...dialect };
      },
      get: () => ({ ...ctx.dialect }),
    },
    hold,
    stats: {
      snapshot: () => stats.snapshot(),
      reset: () => stats.reset(),
      count: (route, status) => stats.count(route, status),
      get requests() {
        return stats.snapshot().api;
      },
      get rateLimited() {
        return stats.snapshot().rateLimited;
      },
    },
    auth: {
      rotateIntegrationToken: (clientId = first.id) => {
        handle(clientId);
        const token = auth.rotateIntegrationToken(clientId);
        tokens.set(clientId, token);
        return token;
      },
      revokeJwts: () => auth.revokeJwts(),
      setExpiration: (expiration, jwtTtl) => auth.setExpiration(expiration, jwtTtl),
      issueJwt: (clientId = first.id) => {
        handle(clientId);
        return auth.issue(clientId);
      },
    },
    rateLimit: { set: (config, clientId) => rateLimiter.set(config, clientId), get: (clientId) => rateLimiter.get(clientId) },
    clients: [...handles.values()],
    client: handle,
    async close() {
      if (closed) return;
      closed = true;
      hold.release();
      await app.close();
    },
  };
}
