// The portal's integration API (portal-api-v2.md + portal-notes.md) as typed calls.
// Sending, pacing and retries live in transport.ts, the JWT in session.ts; this file says what
// each endpoint's answers mean.
import type { CatalogueListName } from '../../shared/catalogue';
import type { AppError } from '../../shared/errors';
import type { MessageRef } from '../../shared/i18n/messages';
import type { ListingWrite } from '../../shared/listing-write';
import { planSchema, type Plan } from '../../shared/plan';
import { parseVehicle, type ParsedVehicle, type Publication } from '../../shared/vehicle';
import { cataloguePath, readCatalogueBody, type CatalogueRead } from './catalogue';
import { joinPortalMessage, portalError, readErrorBody } from './errors';
import type { RateLimitSnapshot } from './pacer';
import { parseQueueHeader, type QueueJob, type QueueStatus } from './queue-header';
import { issueLines, pageEnvelopeSchema, publicationReadSchema, type PageMeta } from './schemas';
import { JwtSession } from './session';
import { CredentialDue, Transport, type PortalResponse, type SendInput, type TransportOptions } from './transport';

export interface PortalClientOptions extends TransportOptions {
  /** The integration token, or a function that reads it (e.g. from the keychain) when a JWT is due. */
  integrationToken: string | (() => Promise<string>);
  /** Clock for JWT expiry (inject the sandbox's clock in tests). Default Date.now. */
  now?: () => number;
  /** Renew the JWT up to this long before it expires (capped at 10 % of its lifetime). Default 60 s. */
  renewalMarginMs?: number;
  /**
   * Every call's failure, whatever made it (a sync, an unpublish, the plan), before it is thrown
   * to the caller: with `onResponse`, what the account's portal status is fed from.
   */
  onError?: (error: unknown) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type SortField = 'updatedAt' | 'reference' | 'value' | (string & {});
export type SortDirection = 'ASC' | 'DESC';

export interface VehicleListQuery {
  /** Page size; the portal clamps it (50 in production) and `meta.itemsPerPage` says what applied. */
  limit?: number;
  /** From 1. */
  page?: number;
  sortBy?: ReadonlyArray<readonly [SortField, SortDirection]>;
  search?: string;
  /** Equality filters (`filter.reference=$eq:…`, `filter.type=$eq:C`). */
  filter?: { reference?: string; type?: string };
}

/** A vehicle as parsed (possibly with problems: it is kept anyway) plus the JSON as received. */
export interface PortalVehicle extends ParsedVehicle {
  raw: unknown;
}

export interface VehiclePage {
  items: PortalVehicle[];
  meta: PageMeta;
  /** The rate-limit figures after this page, for progress ("n requests left in this window"). */
  rateLimit: RateLimitSnapshot | undefined;
}

export type VehicleRead =
  /** 200: the vehicle; `queue.jobs` lists actions on it still pending in the portal's queue. */
  | { status: 'found'; vehicle: PortalVehicle; queue: QueueStatus }
  /** 202: the vehicle exists only in the portal's queue so far. */
  | { status: 'pending'; queue: QueueStatus };

/** A write the portal accepted: usually into its queue (202), to be confirmed by a later read. */
export interface QueuedWrite {
  accepted: true;
  /** 202 (queued, the usual case), 200, 201 or 204. */
  status: number;
  queue: QueueJob[];
  queueNotes: string[];
}

export type UnpublishResult = QueuedWrite;

export type PublicationRead =
  /** 200: the listing's publication; `queue.jobs` lists writes on the listing still pending. */
  | { status: 'published'; publication: Publication; queue: QueueStatus }
  /**
   * 404 (or 200 with an empty body): no publication. The portal answers the same for a listing off
   * the portal and for an unknown reference; its message (kept for support) tells which.
   */
  | { status: 'none'; portalMessage: string | undefined; queue: QueueStatus };

export interface PortalStats {
  /** Requests sent (each attempt counts). */
  requests: number;
  /** JWTs obtained from /clients/jwt. */
  jwtRenewals: number;
}

export interface PortalClient {
  getPlan(options?: CallOptions): Promise<Plan>;
  listVehicles(query?: VehicleListQuery, options?: CallOptions): Promise<VehiclePage>;
  getVehicle(reference: string, options?: CallOptions): Promise<VehicleRead>;
  unpublish(reference: string, options?: CallOptions): Promise<UnpublishResult>;
  /** GET /publications/:reference (portal-notes.md, "Other endpoints"). */
  getPublication(reference: string, options?: CallOptions): Promise<PublicationRead>;
  /** Publish again a listing that is off the portal. A plan without a free slot: `validation` (422) with the portal's message. */
  publish(reference: string, options?: CallOptions): Promise<QueuedWrite>;
  /** Highlight a listing or not. No highlight left, or not published: `validation` (422) with the portal's message. */
  setHighlighted(reference: string, highlighted: boolean, options?: CallOptions): Promise<QueuedWrite>;
  /**
   * Replace all of a listing's data (PUT /vehicles/:reference): what the body leaves out is cleared
   * on the portal, the video link included. Queued (202); a refusal is `validation` (400/422) with
   * the portal's words; no such listing: `not_found`.
   */
  replaceVehicle(reference: string, body: ListingWrite, options?: CallOptions): Promise<QueuedWrite>;
  /** Delete a listing (DELETE /vehicles/:reference), which also takes it off the portal. Queued (202, DELETE_VEHICLE); no such listing: `not_found`. */
  deleteVehicle(reference: string, options?: CallOptions): Promise<QueuedWrite>;
  /** Create a listing (POST /vehicles). Queued (202); a refusal (a duplicate reference, an unknown catalogue id) is `validation`. */
  createVehicle(body: ListingWrite, options?: CallOptions): Promise<QueuedWrite>;
  /** The catalogue lists (portal-notes.md, "Other endpoints"), read defensively (catalogue.ts). A list the portal lacks: `not_found`. */
  getAccessories(type: string, options?: CallOptions): Promise<CatalogueRead>;
  getOtherInfos(options?: CallOptions): Promise<CatalogueRead>;
  getBrands(type: string, options?: CallOptions): Promise<CatalogueRead>;
  getModels(brandId: number, options?: CallOptions): Promise<CatalogueRead>;
  getTrims(modelId: number, options?: CallOptions): Promise<CatalogueRead>;
  /** Latest rate-limit figures, adjusted for requests sent since. */
  rateLimit(): RateLimitSnapshot | undefined;
  stats(): PortalStats;
  /** Drop the JWT (e.g. after the integration token was replaced). */
  resetSession(): void;
}

/** Renewals a request may wait for, each found due when its turn came, before it sends the latest JWT regardless. */
const MAX_RENEWALS_BEFORE_SENDING = 3;

export function createPortalClient(options: PortalClientOptions): PortalClient {
  let requests = 0;
  const transport = new Transport({
    ...options,
    onRequest: (event) => {
      requests++;
      options.onRequest?.(event);
    },
  });
  const session = new JwtSession({ transport, integrationToken: options.integrationToken, now: options.now, renewalMarginMs: options.renewalMarginMs });

  /**
   * Sends with a JWT taken when the pacer lets the request go (a rate-limit wait can outlast a
   * short-lived JWT), renewed first when it would expire before the portal has the request. A 401
   * renews it once; a JWT refused again just after it was issued is `unauthorized`: only
   * /clients/jwt refusing the integration token (session.ts) means the token is refused.
   */
  async function authed(input: Omit<SendInput, 'headers' | 'authorize'>): Promise<PortalResponse> {
    let refused = 0;
    let due = 0;
    for (;;) {
      await session.jwt(input.signal);
      let sent: string | undefined;
      const authorize = () => {
        // A JWT due again each time, however fresh (a lifetime within the renewal margin), is
        // sent anyway: the portal, not our arithmetic, then says whether it is still good.
        sent = due >= MAX_RENEWALS_BEFORE_SENDING ? session.latest() : session.valid();
        return sent === undefined ? null : { authorization: `Bearer ${sent}` };
      };
      let res: PortalResponse;
      try {
        res = await transport.send({ ...input, authorize });
      } catch (error) {
        if (!(error instanceof CredentialDue)) throw error;
        due++;
        continue;
      }
      if (res.status !== 401) return res;
      if (sent !== undefined) session.invalidate(sent);
      if (++refused >= 2) {
        throw portalError('unauthorized', undefined, res.ctx, {
          status: 401,
          portalMessage: readErrorBody(res.json).portalMessage,
          reason: 'a freshly issued JWT was refused',
        });
      }
    }
  }

  /** A write on a listing: accepted (usually queued), or the error its status means (422: refused, with the portal's message). */
  async function queuedWrite(input: Omit<SendInput, 'headers'>, notFoundMessage: MessageRef): Promise<QueuedWrite> {
    const res = await authed(input);
    if (res.status === 404) throw notFound(res, notFoundMessage);
    if (![200, 201, 202, 204].includes(res.status)) throw statusError(res);
    const queue = parseQueueHeader(res.headers.get('x-status-queue'));
    return { accepted: true, status: res.status, queue: queue.jobs, queueNotes: queue.notes };
  }

  const publicationPath = (reference: string) => `publications/${encodeURIComponent(reference)}`;

  async function readCatalogue(list: CatalogueListName, parent: string | number, call: CallOptions): Promise<CatalogueRead> {
    const { path, query } = cataloguePath(list, parent);
    const res = await authed({ method: 'GET', path, ...(query ? { query } : {}), signal: call.signal });
    if (res.status === 404) throw notFound(res, { code: 'portal.noCatalogueList', params: { list } });
    const read = readCatalogueBody(expectJson(res, [200]));
    if (read === null) throw invalid(res, `the ${list} list is not a list`);
    return read;
  }

  const client: PortalClient = {
    async getPlan(call = {}) {
      const res = await authed({ method: 'GET', path: 'clients/plan', signal: call.signal });
      const json = expectJson(res, [200]);
      const parsed = planSchema.safeParse(json);
      if (!parsed.success) throw invalid(res, 'the plan has an unexpected shape', issueLines(parsed.error));
      return parsed.data;
    },

    async listVehicles(query = {}, call = {}) {
      const res = await authed({ method: 'GET', path: 'vehicles', query: vehicleQuery(query), signal: call.signal });
      const json = expectJson(res, [200]);
      const parsed = pageEnvelopeSchema.safeParse(json);
      if (!parsed.success) throw invalid(res, 'the vehicle page has an unexpected shape', issueLines(parsed.error));
      return {
        items: parsed.data.data.map((raw) => ({ ...parseVehicle(raw), raw })),
        meta: parsed.data.meta,
        rateLimit: transport.pacer.snapshot(),
      };
    },

    async getVehicle(reference, call = {}) {
      const res = await authed({ method: 'GET', path: `vehicles/${encodeURIComponent(reference)}`, signal: call.signal });
      const queue = parseQueueHeader(res.headers.get('x-status-queue'));
      if (res.status === 202) return { status: 'pending', queue };
      if (res.status === 404) throw notFound(res, { code: 'portal.noListing', params: { reference } });
      const raw = expectJson(res, [200]);
      return { status: 'found', vehicle: { ...parseVehicle(raw), raw }, queue };
    },

    unpublish(reference, call = {}) {
      return queuedWrite(
        { method: 'DELETE', path: publicationPath(reference), signal: call.signal },
        { code: 'portal.noListingToUnpublish', params: { reference } },
      );
    },

    async getPublication(reference, call = {}) {
      const res = await authed({ method: 'GET', path: publicationPath(reference), signal: call.signal });
      const queue = parseQueueHeader(res.headers.get('x-status-queue'));
      if (res.status === 404) return { status: 'none', portalMessage: joinPortalMessage(readErrorBody(res.json).portalMessage), queue };
      // A handler that finds no publication and returns null answers 200 with no body.
      if (res.status === 200 && res.jsonError === 'empty') return { status: 'none', portalMessage: undefined, queue };
      const json = expectJson(res, [200]);
      const parsed = publicationReadSchema.safeParse(json);
      if (!parsed.success) throw invalid(res, 'the publication has an unexpected shape', issueLines(parsed.error));
      const { reference: _reference, ...publication } = parsed.data;
      return { status: 'published', publication, queue };
    },

    publish(reference, call = {}) {
      return queuedWrite(
        { method: 'POST', path: publicationPath(reference), signal: call.signal },
        { code: 'portal.noListingToPublish', params: { reference } },
      );
    },

    setHighlighted(reference, highlighted, call = {}) {
      return queuedWrite(
        { method: 'PUT', path: publicationPath(reference), json: { highlighted }, signal: call.signal },
        { code: 'portal.noListingToHighlight', params: { reference } },
      );
    },

    replaceVehicle(reference, body, call = {}) {
      return queuedWrite(
        { method: 'PUT', path: `vehicles/${encodeURIComponent(reference)}`, json: body, signal: call.signal },
        { code: 'portal.noListingToEdit', params: { reference } },
      );
    },

    deleteVehicle(reference, call = {}) {
      return queuedWrite(
        { method: 'DELETE', path: `vehicles/${encodeURIComponent(reference)}`, signal: call.signal },
        { code: 'portal.noListingToSell', params: { reference } },
      );
    },

    createVehicle(body, call = {}) {
      return queuedWrite(
        { method: 'POST', path: 'vehicles', json: body, once: true, signal: call.signal },
        { code: 'portal.noListingToEdit', params: { reference: body.reference } },
      );
    },

    getAccessories: (type, call = {}) => readCatalogue('accessories', type, call),
    getOtherInfos: (call = {}) => readCatalogue('otherInfos', '', call),
    getBrands: (type, call = {}) => readCatalogue('brands', type, call),
    getModels: (brandId, call = {}) => readCatalogue('models', brandId, call),
    getTrims: (modelId, call = {}) => readCatalogue('trims', modelId, call),

    rateLimit: () => transport.pacer.snapshot(),
    stats: () => ({ requests, jwtRenewals: session.renewals }),
    resetSession: () => session.reset(),
  };
  return options.onError ? reportingFailures(client, options.onError) : client;
}

/** The client with every call's failure told to `onError` first (then thrown as is). */
function reportingFailures(client: PortalClient, onError: (error: unknown) => void): PortalClient {
  const watch =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        onError(error);
        throw error;
      }
    };
  return {
    ...client,
    getPlan: watch(client.getPlan.bind(client)),
    listVehicles: watch(client.listVehicles.bind(client)),
    getVehicle: watch(client.getVehicle.bind(client)),
    unpublish: watch(client.unpublish.bind(client)),
    getPublication: watch(client.getPublication.bind(client)),
    publish: watch(client.publish.bind(client)),
    setHighlighted: watch(client.setHighlighted.bind(client)),
    replaceVehicle: watch(client.replaceVehicle.bind(client)),
    createVehicle: watch(client.createVehicle.bind(client)),
    deleteVehicle: watch(client.deleteVehicle.bind(client)),
    getAccessories: watch(client.getAccessories.bind(client)),
    getOtherInfos: watch(client.getOtherInfos.bind(client)),
    getBrands: watch(client.getBrands.bind(client)),
    getModels: watch(client.getModels.bind(client)),
    getTrims: watch(client.getTrims.bind(client)),
  };
}

function vehicleQuery(query: VehicleListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  for (const [field, direction] of query.sortBy ?? []) params.append('sortBy', `${field}:${direction}`);
  if (query.search !== undefined && query.search !== '') params.set('search', query.search);
  if (query.filter?.reference !== undefined) params.set('filter.reference', `$eq:${query.filter.reference}`);
  if (query.filter?.type !== undefined) params.set('filter.type', `$eq:${query.filter.type}`);
  return params;
}

/** The body of a successful answer, or the error its status means. */
function expectJson(res: PortalResponse, ok: number[]): unknown {
  if (!ok.includes(res.status)) throw statusError(res);
  if (res.json === undefined) {
    const reason =
      res.jsonError === 'not_json'
        ? `a ${res.headers.get('content-type') ?? 'non-JSON'} body instead of JSON`
        : res.jsonError === 'malformed'
          ? 'JSON that does not parse (cut short?)'
          : 'an empty body';
    throw invalid(res, reason);
  }
  return res.json;
}

function invalid(res: PortalResponse, reason: string, issues?: string[]): AppError {
  return portalError('invalid_response', undefined, res.ctx, { status: res.status, reason, issues });
}

function notFound(res: PortalResponse, message: MessageRef): AppError {
  return portalError('not_found', message, res.ctx, { status: 404, portalMessage: readErrorBody(res.json).portalMessage });
}

/** The error an unexpected status means (2xx with the wrong code included). */
export function statusError(res: PortalResponse): AppError {
  const { status, ctx } = res;
  const body = readErrorBody(res.json);
  const extra = { status, portalMessage: body.portalMessage, portalError: body.portalError };
  if (status === 400 || status === 409 || status === 422) {
    const text = joinPortalMessage(body.portalMessage);
    return portalError('validation', text ? { code: 'portal.validationSaid', params: { portalMessage: text } } : undefined, ctx, extra);
  }
  if (status === 401 || status === 403) return portalError(status === 401 ? 'token_refused' : 'unauthorized', undefined, ctx, extra);
  if (status === 404) return portalError('not_found', undefined, ctx, extra);
  if (status === 429) return portalError('rate_limited', undefined, ctx, extra);
  if (status >= 500) return portalError('server', { code: 'portal.serverStatus', params: { status } }, ctx, extra);
  return portalError('invalid_response', undefined, ctx, { ...extra, reason: `unexpected status ${status}` });
}
