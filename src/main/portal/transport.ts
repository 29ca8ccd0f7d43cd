// One logical request to the portal: paced inside the rate limit, sent with ky, retried when that
// is safe, and handed back as status + headers + body text (+ JSON when the body is JSON).
// HTTP statuses other than 429 are not errors here: the caller decides what each one means.
//
// Retries (bounded by `attempts`, exponential backoff with jitter):
// - GET: on 5xx, connection errors (refused, reset, cut-off body), timeouts, and a JSON body that
//   does not parse (a truncated answer).
// - DELETE: the same. DELETE is idempotent by HTTP semantics, and unpublishing a listing twice
//   leaves it unpublished; the worst case is a second UNPUBLISH job in the portal's queue.
// - POST and PUT on /publications: the same. Both set a state (published; highlighted or not), so
//   sending one twice leaves the listing as asking once does; the worst case is a second job.
// - POST /vehicles (a create, `once`): never. Sent twice, the second is refused as a duplicate of
//   the first, hiding that the first was accepted; the ledger reads the listing before sending again.
// - 429 (any method, the portal did not process the request): after `retry-after`, up to
//   `rateLimitRetries` times; every other request waits too.
// ky's own retry is off (retry: 0) because every attempt must take a rate-limit slot.
//
// A request that cannot succeed fails within `deadlineMs` (REQUEST_DEADLINE_MS, 20 s: about as
// long as a dealer waits at a button) of its own time: its attempts, their backoffs and the 429
// waits. Each attempt's timeout is cut to what is left, and a wait that would end past the
// deadline is not started: the request fails at once with what it knows. Time queued behind our
// own pacer is not counted (the rate limit's waits show as progress, and every request is
// bounded once it is sent), so at a button the bound is the JWT exchange's plus the request's.
//
// A request's credential (the JWT) is asked for after the pacer lets it go, not before: a wait for
// the rate limit's next window can outlast a short-lived JWT. When the credential is due for
// renewal by then, the slot is given back unused and the caller renews it (`CredentialDue`).
//
// Redirects are followed here, not by fetch: every request carries a credential (the `token`
// header or the JWT), and fetch strips only `Authorization` on a cross-origin redirect, never our
// own header. A redirect is followed only within the base URL's origin (scheme, host and port),
// so neither credential ever reaches another host nor travels over plain http; anything else is
// refused, naming where the portal tried to send us (issue 12, defect 2).
import ky, { type KyInstance } from 'ky';
import { policyOf } from '../../shared/error-policy';
import { isAppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import { classifyNetworkError, portalError, redirectRefused, type NetworkFailure, type RequestContext } from './errors';
import { Pacer, parseRetryAfter, realClock, type TransportClock, type WaitEvent } from './pacer';

export type { TransportClock };

/** The credential asked for when the slot came was due for renewal: nothing was sent. */
export class CredentialDue extends Error {
  constructor() {
    super('the credential is due for renewal');
    this.name = 'CredentialDue';
  }
}

export interface RequestEvent {
  method: string;
  endpoint: string;
  attempt: number;
}

export interface ResponseEvent extends RequestEvent {
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  ms: number;
}

export interface TransportOptions {
  /** Ends with `integration/v2` (normalised to end with a slash). */
  baseUrl: string;
  /** Per attempt, including reading the body. Default 15 s (DEFAULT_ATTEMPT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The most one request may take, all attempts and waits included. Default REQUEST_DEADLINE_MS (20 s). */
  deadlineMs?: number;
  /** Attempts per request for retryable failures (5xx, resets, timeouts). Default 4. */
  attempts?: number;
  /** First backoff delay; doubles each attempt, with jitter. Default 250 ms. */
  backoffMs?: number;
  /** Longest backoff delay. Default 4 s. */
  maxBackoffMs?: number;
  /** How many 429s one request may wait out before failing with `rate_limited`. Default 5. */
  rateLimitRetries?: number;
  /** Wait on a 429 without `retry-after` (the portal documents 10 s). */
  defaultRetryAfterMs?: number;
  /** A 429 asking to wait longer than this fails at once with `rate_limited`. Default 5 min. */
  maxRetryAfterMs?: number;
  /** Requests in flight at once. Default 6. */
  concurrency?: number;
  /** Margin added to rate-limit window resets. Default 25 ms. */
  resetMarginMs?: number;
  onWait?: (event: WaitEvent) => void;
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  /** Passed to ky (e.g. a fetch bound to a proxy-aware dispatcher). */
  fetch?: typeof globalThis.fetch;
  /** Default: real time. Tests pass the sandbox's clock with timers that move it instead of waiting. */
  clock?: TransportClock;
}

export interface SendInput {
  method: 'GET' | 'DELETE' | 'POST' | 'PUT';
  /** Relative to the base URL, e.g. `vehicles` or `publications/ABC%2F1`. */
  path: string;
  query?: URLSearchParams;
  headers?: Record<string, string>;
  /**
   * Headers carrying the credential, asked for at each attempt once the pacer lets it go; null
   * when the credential will not last until the portal has the request (then `CredentialDue` is
   * thrown and nothing is sent).
   */
  authorize?: () => Record<string, string> | null;
  /** A JSON body (POST, PUT). */
  json?: unknown;
  /** Not sent again after a failure the portal may have processed (5xx, a cut-off answer); a 429 is still waited out. */
  once?: boolean;
  signal?: AbortSignal;
}

export interface PortalResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON; undefined otherwise (see `jsonError`). */
  json: unknown;
  /** Why the body is not JSON: 'empty', 'not_json' (e.g. HTML), 'malformed' (claims JSON, does not parse). */
  jsonError?: 'empty' | 'not_json' | 'malformed';
  ctx: RequestContext;
  receivedAt: number;
}

/** A request that got no usable answer: no connection, a bad certificate, a timeout, a body cut short. */
interface AttemptFailure {
  kind: NetworkFailure['kind'] | 'invalid_response';
  code: string;
  transient: boolean;
  cause: unknown;
  status?: number;
}

const sleep = (clock: TransportClock, ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(codedError('cancelled', { code: 'portal.cancelled' }));
    const cancel = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      cancel();
      reject(codedError('cancelled', { code: 'portal.cancelled' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A request that cannot succeed fails within this (see the header). */
export const REQUEST_DEADLINE_MS = 20_000;
/** One attempt, answer and body: a portal page normally comes in well under 2 s. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;

/** Same-origin hops followed within one attempt (a trailing-slash fix, a moved path). */
export const MAX_REDIRECTS = 5;

export type RedirectVerdict = { follow: true } | { follow: false; reason: 'downgrade' | 'other_origin' };

/** Whether a redirect from the portal may be followed with credentials: only within the base URL's origin. */
export function redirectVerdict(base: URL, target: URL): RedirectVerdict {
  if (target.origin === base.origin) return { follow: true };
  if (base.protocol === 'https:' && target.protocol === 'http:' && target.hostname === base.hostname) return { follow: false, reason: 'downgrade' };
  return { follow: false, reason: 'other_origin' };
}

function looksLikeJson(contentType: string | null, text: string): boolean {
  if (contentType && /[/+]json\b/i.test(contentType)) return true;
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

export class Transport {
  readonly pacer: Pacer;
  private readonly ky: KyInstance;
  private readonly base: string;
  private readonly o: Required<Omit<TransportOptions, 'onWait' | 'onRequest' | 'onResponse' | 'fetch' | 'baseUrl' | 'clock'>> & TransportOptions;
  private readonly clock: TransportClock;

  constructor(options: TransportOptions) {
    this.o = {
      timeoutMs: DEFAULT_ATTEMPT_TIMEOUT_MS,
      deadlineMs: REQUEST_DEADLINE_MS,
      attempts: 4,
      backoffMs: 250,
      maxBackoffMs: 4_000,
      rateLimitRetries: 5,
      defaultRetryAfterMs: 10_000,
      maxRetryAfterMs: 300_000,
      concurrency: 6,
      resetMarginMs: 25,
      ...options,
    };
    // An option passed as undefined (a caller forwarding its own optional) keeps the default.
    this.o.timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.o.deadlineMs = options.deadlineMs ?? REQUEST_DEADLINE_MS;
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.clock = options.clock ?? realClock;
    this.pacer = new Pacer({
      concurrency: this.o.concurrency,
      resetMarginMs: this.o.resetMarginMs,
      onWait: options.onWait,
      now: this.clock.now,
      setTimer: this.clock.setTimer,
    });
    this.ky = ky.create({
      retry: 0,
      timeout: false, // our own per-attempt signal also covers reading the body
      throwHttpErrors: false,
      redirect: 'manual', // see the header: followed by `fetchSameOrigin`, never across origins
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** The endpoint as support sees it: path under the base URL, no query. */
  endpointOf(path: string): string {
    return `/${path.replace(/^\/+/, '')}`;
  }

  async send(input: SendInput): Promise<PortalResponse> {
    const ctx: RequestContext = { method: input.method, endpoint: this.endpointOf(input.path) };
    const url = new URL(input.path.replace(/^\/+/, ''), this.base);
    if (input.query) url.search = input.query.toString();
    let failures = 0;
    let rateLimited = 0;
    /** This request's own time so far (attempts and waits, not the pacer's queue): see the header. */
    let spentMs = 0;
    const left = () => this.o.deadlineMs - spentMs;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(url, input, ctx, attempt, Math.max(1, Math.min(this.o.timeoutMs, left())));
      spentMs += outcome.ms;
      if ('response' in outcome) {
        const { response } = outcome;
        if (response.status === 429) {
          rateLimited++;
          const waitMs = parseRetryAfter(response.headers.get('retry-after'), response.receivedAt, response.headers.get('date')) ?? this.o.defaultRetryAfterMs;
          if (rateLimited > this.o.rateLimitRetries || waitMs > this.o.maxRetryAfterMs || waitMs >= left()) {
            throw portalError('rate_limited', undefined, ctx, { status: 429, retryAfterMs: waitMs, attempts: attempt, deadlineMs: this.o.deadlineMs });
          }
          // Everybody waits (the pacer tells onWait once), then this request tries again.
          this.pacer.block(this.clock.now() + waitMs);
          await sleep(this.clock, waitMs, input.signal);
          spentMs += waitMs;
          continue;
        }
        // The error policy decides: a 5xx is `server`, a success whose JSON does not parse `invalid_response`.
        const retryable =
          (response.status >= 500 && policyOf('server').retryNow) ||
          (response.jsonError === 'malformed' && response.status < 300 && policyOf('invalid_response').retryNow);
        if (retryable && !input.once && ++failures < this.o.attempts) {
          const waited = await this.backoff(failures, left(), input.signal);
          if (waited !== undefined) {
            spentMs += waited;
            continue;
          }
        }
        return response;
      }
      const { failure } = outcome;
      if (failure.transient && !input.once && policyOf(failure.kind).retryNow && ++failures < this.o.attempts) {
        const waited = await this.backoff(failures, left(), input.signal);
        if (waited !== undefined) {
          spentMs += waited;
          continue;
        }
      }
      const timedOut = failure.code === 'TIMEOUT';
      const timing = timedOut ? { timeoutMs: this.o.timeoutMs, deadlineMs: this.o.deadlineMs } : {};
      throw portalError(
        failure.kind,
        timedOut ? { code: 'portal.timeout' } : undefined,
        ctx,
        { status: failure.status, code: failure.code, attempts: attempt, ...timing },
        failure.cause,
      );
    }
  }

  /** Waits before the next attempt; undefined (no wait) when too little time is left for one. */
  private async backoff(failures: number, leftMs: number, signal?: AbortSignal): Promise<number | undefined> {
    const ceiling = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** (failures - 1));
    const ms = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    if (ms >= leftMs) return undefined;
    this.o.onWait?.({ reason: 'retry', ms });
    await sleep(this.clock, ms, signal);
    return ms;
  }

  private async attempt(
    url: URL,
    input: SendInput,
    ctx: RequestContext,
    attempt: number,
    timeoutMs: number,
  ): Promise<({ response: PortalResponse } | { failure: AttemptFailure }) & { ms: number }> {
    const slot = await this.pacer.acquire(input.signal);
    const credential = input.authorize?.();
    if (credential === null) {
      this.pacer.giveBack();
      throw new CredentialDue();
    }
    const headers = credential ? { ...input.headers, ...credential } : input.headers;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    const started = Date.now();
    const event = { method: ctx.method, endpoint: ctx.endpoint, attempt };
    this.o.onRequest?.(event);
    let answered: Headers | undefined;
    let status = 0;
    try {
      const res = await this.fetchSameOrigin(url, { ...input, headers }, ctx, signal);
      answered = res.headers;
      status = res.status;
      const text = await res.text();
      const receivedAt = this.clock.now();
      const response: PortalResponse = { status, headers: answered, text, json: undefined, ctx, receivedAt };
      if (text.trim() === '') response.jsonError = 'empty';
      else if (!looksLikeJson(answered.get('content-type'), text)) response.jsonError = 'not_json';
      else {
        try {
          response.json = JSON.parse(text) as unknown;
        } catch {
          response.jsonError = 'malformed';
        }
      }
      return { response, ms: Date.now() - started };
    } catch (error) {
      if (isAppError(error)) throw error; // a refused redirect: a definite answer, not worth retrying
      if (input.signal?.aborted) throw codedError('cancelled', { code: 'portal.cancelled' }, { method: ctx.method, endpoint: ctx.endpoint });
      const ms = Date.now() - started;
      if (timeout.aborted) return { failure: { kind: 'offline', code: 'TIMEOUT', transient: true, cause: undefined }, ms };
      const failure = classifyNetworkError(error);
      // The status line arrived but the body was cut short: the answer is unreadable.
      if (status !== 0 && failure.kind === 'offline')
        return { failure: { kind: 'invalid_response', code: 'TRUNCATED_BODY', transient: true, cause: failure.cause, status }, ms };
      return { failure, ms };
    } finally {
      this.pacer.release(slot, answered ? { headers: answered, status } : undefined);
      this.o.onResponse?.({ ...event, status, ms: Date.now() - started });
    }
  }

  /** Sends the request, following redirects only within the base URL's origin (see the header). */
  private async fetchSameOrigin(url: URL, input: SendInput, ctx: RequestContext, signal: AbortSignal): Promise<Response> {
    const base = new URL(this.base);
    let current = url;
    for (let hop = 0; ; hop++) {
      const res = await this.ky(current, { method: input.method, headers: input.headers, json: input.json, signal });
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) return res;
      await res.body?.cancel().catch(() => undefined);
      let target: URL;
      try {
        target = new URL(location, current);
      } catch {
        throw portalError('invalid_response', undefined, ctx, {
          status: res.status,
          code: 'BAD_REDIRECT',
          reason: 'redirected to an address that is not a URL',
        });
      }
      const verdict = redirectVerdict(base, target);
      if (!verdict.follow) {
        throw portalError('not_a_portal', redirectRefused(target, verdict.reason), ctx, {
          status: res.status,
          redirectedTo: target.origin,
          reason: verdict.reason,
        });
      }
      if (hop + 1 >= MAX_REDIRECTS) {
        throw portalError('invalid_response', undefined, ctx, {
          status: res.status,
          code: 'TOO_MANY_REDIRECTS',
          reason: `more than ${MAX_REDIRECTS} redirects`,
        });
      }
      current = target;
    }
  }
}
