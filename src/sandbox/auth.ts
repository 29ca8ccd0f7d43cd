// Token issuance and checking: integration token → signed JWT (HS256), JWT → client id.
// Expiry is measured on the sandbox clock, so a test expires a JWT by advancing the clock.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SandboxClock } from './clock';
import { durationMs, type DurationInput } from './duration';
import { HttpError } from './errors';

export interface IssuedToken {
  token: string;
  expiration: string;
}

export interface AuthOptions {
  clock: SandboxClock;
  /** Text returned in `expiration`. Default "1d". */
  expiration?: string;
  /** Real lifetime of the JWT; defaults to `expiration`. Set it shorter to model a portal whose text and JWT disagree. */
  jwtTtl?: DurationInput;
}

interface VerifiedToken {
  clientId: string;
  expMs: number;
  generation: number;
}

export class Auth {
  private readonly clock: SandboxClock;
  private secret: Uint8Array = randomBytes(32);
  private generation = 0;
  private readonly tokensToClients = new Map<string, string>();
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly clients = new Set<string>();
  expiration: string;
  private ttlMs: number;

  constructor(options: AuthOptions) {
    this.clock = options.clock;
    this.expiration = options.expiration ?? '1d';
    this.ttlMs = durationMs(options.jwtTtl ?? this.expiration);
  }

  /** Sets the `expiration` text and, unless given apart, the JWT lifetime. */
  setExpiration(expiration: string, jwtTtl?: DurationInput): void {
    const ttl = durationMs(jwtTtl ?? expiration);
    this.expiration = expiration;
    this.ttlMs = ttl;
  }

  addClient(integrationToken: string, clientId: string): void {
    this.tokensToClients.set(integrationToken, clientId);
    this.clients.add(clientId);
  }

  /** Invalidates every integration token of the client and returns a new one. */
  rotateIntegrationToken(clientId: string): string {
    for (const [token, id] of this.tokensToClients) if (id === clientId) this.tokensToClients.delete(token);
    const token = newIntegrationToken();
    this.tokensToClients.set(token, clientId);
    return token;
  }

  revokeIntegrationToken(token: string): boolean {
    return this.tokensToClients.delete(token);
  }

  /** Every JWT issued so far stops working (new signing key). */
  revokeJwts(): void {
    this.secret = randomBytes(32);
    this.generation++;
    this.verified.clear();
  }

  clientForIntegrationToken(token: string | undefined): string | undefined {
    return token === undefined ? undefined : this.tokensToClients.get(token);
  }

  hasClient(clientId: string): boolean {
    return this.clients.has(clientId);
  }

  async issue(clientId: string): Promise<IssuedToken> {
    const nowSec = Math.floor(this.clock.nowMs() / 1000);
    const token = await new SignJWT({ client: clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(clientId)
      .setIssuedAt(nowSec)
      .setExpirationTime(nowSec + Math.max(1, Math.round(this.ttlMs / 1000)))
      .sign(this.secret);
    return { token, expiration: this.expiration };
  }

  /** Checks an Authorization header and returns the client id; throws a 401 HttpError otherwise. */
  async verifyHeader(header: string | string[] | undefined): Promise<string> {
    if (header === undefined || header === '') throw new HttpError(401, 'Missing bearer token in the Authorization header');
    if (Array.isArray(header)) throw new HttpError(401, 'Only one Authorization header is allowed');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, 'Malformed Authorization header: expected "Bearer <token>"');
    const token = match[1];
    const nowMs = this.clock.nowMs();
    const cached = this.verified.get(token);
    if (cached && cached.generation === this.generation) {
      if (nowMs >= cached.expMs) throw new HttpError(401, 'Token expired');
      return this.checkClient(cached.clientId);
    }
    let clientId: string;
    let expMs: number;
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], currentDate: new Date(nowMs) });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new HttpError(401, 'Invalid token');
      clientId = payload.sub;
      expMs = payload.exp * 1000;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new HttpError(401, 'Token expired');
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new HttpError(401, 'Invalid token signature');
      throw new HttpError(401, 'Invalid token');
    }
    if (this.verified.size > 10_000) this.verified.clear();
    this.verified.set(token, { clientId, expMs, generation: this.generation });
    return this.checkClient(clientId);
  }

  private checkClient(clientId: string): string {
    if (!this.hasClient(clientId)) throw new HttpError(401, 'Client no longer exists');
    return clientId;
  }
}

export function newIntegrationToken(): string {
  return `sbx_${randomBytes(18).toString('base64url')}`;
}
