// The JWT session (design.md, "Auth"): the JWT lives in memory only, is renewed ahead of expiry
// (from the `expiration` text and the JWT's own `exp`, whichever is sooner, minus a margin), and
// all concurrent requests share one renewal in flight.
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { codedError } from '../../shared/i18n/messages';
import { parseDurationMs } from './duration';
import { joinPortalMessage, portalError, readErrorBody } from './errors';
import type { PortalResponse, Transport } from './transport';

export const tokenResponseSchema = z.object({ token: z.string().min(1), expiration: z.unknown().optional() }).loose();

export interface SessionOptions {
  transport: Transport;
  /** The integration token, or how to fetch it (e.g. from the keychain) when a JWT is needed. */
  integrationToken: string | (() => Promise<string>);
  /** Clock for expiry decisions (the sandbox's clock in tests). Default Date.now. */
  now?: () => number;
  /** Renew this long before expiry at most; the margin is also capped at 10 % of the lifetime. Default 60 s. */
  renewalMarginMs?: number;
}

interface Jwt {
  value: string;
  /** Our clock; renew at or after this. Infinity when neither `expiration` nor `exp` was readable. */
  renewAt: number;
}

/** How long a fresh JWT lives: the sooner of `expiration` and the JWT's own `exp`. */
export function jwtLifetimeMs(jwt: string, expiration: unknown, now: number): number | undefined {
  const candidates: number[] = [];
  const fromText = parseDurationMs(expiration);
  if (fromText !== undefined) candidates.push(fromText);
  try {
    const claims = decodeJwt(jwt); // not verified: we only read when to renew
    if (typeof claims.exp === 'number') {
      // exp − iat does not depend on our clock agreeing with the portal's; fall back to exp − now.
      // A whole-second iat was rounded down: the JWT may have been issued up to a second after it.
      const lifetime =
        typeof claims.iat === 'number' ? (claims.exp - claims.iat) * 1_000 - (Number.isInteger(claims.iat) ? 1_000 : 0) : claims.exp * 1_000 - now;
      candidates.push(Math.max(0, lifetime));
    }
  } catch {
    // Not a JWT we can read: `expiration` alone decides, or a 401 will.
  }
  return candidates.length ? Math.min(...candidates) : undefined;
}

export class JwtSession {
  private readonly o: SessionOptions;
  private readonly now: () => number;
  private current: Jwt | undefined;
  private renewal: Promise<Jwt> | undefined;
  /** How many times a JWT was fetched (instrumentation). */
  renewals = 0;

  constructor(options: SessionOptions) {
    this.o = options;
    this.now = options.now ?? Date.now;
  }

  /** A JWT that is not about to expire; shares a renewal already in flight. */
  async jwt(signal?: AbortSignal): Promise<string> {
    const current = this.valid();
    if (current !== undefined) return current;
    if (!this.renewal) {
      const renewal = this.renew().finally(() => {
        this.renewal = undefined;
      });
      renewal.catch(() => undefined); // every caller may have stopped waiting; not an unhandled rejection
      this.renewal = renewal;
    }
    return (await raceSignal(this.renewal, signal)).value;
  }

  /** The JWT if it will not expire before a request sent now reaches the portal; undefined when one must be fetched. */
  valid(): string | undefined {
    const current = this.current;
    return current && this.now() < current.renewAt ? current.value : undefined;
  }

  /** The latest JWT, however close to its end (undefined when none, or after a 401 on it). */
  latest(): string | undefined {
    return this.current?.value;
  }

  /** The portal answered 401 to `jwt`: forget it (unless a newer one already replaced it). */
  invalidate(jwt: string): void {
    if (this.current?.value === jwt) this.current = undefined;
  }

  /** Forget the JWT (e.g. the dealer replaced the integration token). */
  reset(): void {
    this.current = undefined;
  }

  private async renew(): Promise<Jwt> {
    const token = typeof this.o.integrationToken === 'string' ? this.o.integrationToken : await this.o.integrationToken();
    // No caller's signal: the renewal is shared; a caller that gives up stops waiting, not the others.
    const response = await this.o.transport.send({ method: 'GET', path: 'clients/jwt', headers: { token } });
    const jwt = this.readToken(response);
    this.renewals++;
    const issuedAt = this.now();
    const lifetime = jwtLifetimeMs(jwt.token, jwt.expiration, issuedAt);
    const margin = lifetime === undefined ? 0 : Math.min(this.o.renewalMarginMs ?? 60_000, lifetime * 0.1);
    this.current = { value: jwt.token, renewAt: lifetime === undefined ? Number.POSITIVE_INFINITY : issuedAt + lifetime - margin };
    return this.current;
  }

  private readToken(response: PortalResponse): z.infer<typeof tokenResponseSchema> {
    const { status, ctx } = response;
    if (status === 401 || status === 403) {
      const body = readErrorBody(response.json);
      throw portalError('token_refused', undefined, ctx, { status, portalMessage: body.portalMessage });
    }
    if (status >= 500) throw portalError('server', undefined, ctx, { status, portalMessage: readErrorBody(response.json).portalMessage });
    if (status === 400 || status === 422) {
      // A malformed token is refused with a validation error by some gateways.
      const body = readErrorBody(response.json);
      throw portalError('token_refused', undefined, ctx, { status, portalMessage: joinPortalMessage(body.portalMessage) });
    }
    if (status !== 200 && status !== 201) {
      // 404 and friends: nothing here issues integration JWTs.
      throw portalError('not_a_portal', undefined, ctx, { status, reason: `answered ${status} to the token exchange` });
    }
    if (response.json === undefined) {
      const reason =
        response.jsonError === 'not_json'
          ? `answered ${response.headers.get('content-type') ?? 'a non-JSON body'} instead of JSON`
          : `answered a ${response.jsonError ?? 'unreadable'} body`;
      throw portalError(response.jsonError === 'malformed' ? 'invalid_response' : 'not_a_portal', undefined, ctx, { status, reason });
    }
    const parsed = tokenResponseSchema.safeParse(response.json);
    if (!parsed.success) throw portalError('not_a_portal', undefined, ctx, { status, reason: 'JSON without a token field' });
    return parsed.data;
  }
}

export async function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) throw codedError('cancelled', { code: 'portal.cancelled' });
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        onAbort = () => reject(codedError('cancelled', { code: 'portal.cancelled' }));
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
