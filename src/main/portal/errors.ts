// Turning what happened on the wire into the app's error taxonomy (src/shared/errors.ts):
// a message code the dealer reads in their language (the `codes.portal` dictionary section) and a
// `detail` for support. Nothing here ever receives the integration token or the JWT, and errors
// never carry ky's Request (whose headers hold them) as their cause: only the underlying system
// error, which names a code and an address.
import { policyOf } from '../../shared/error-policy';
import type { AppError, ErrorDetail, ErrorKind } from '../../shared/errors';
import { codedError, kindMessage, type MessageRef } from '../../shared/i18n/messages';

/**
 * The portal's address sent Showroom elsewhere, and Showroom did not follow (transport.ts): the
 * message names the host so the dealer (or support) can tell a moved portal from a hijack.
 * Only scheme, host and port: a Location's path and query could carry anything.
 */
export function redirectRefused(target: URL, reason: 'downgrade' | 'other_origin'): MessageRef {
  return reason === 'downgrade'
    ? { code: 'portal.redirectDowngrade', params: { host: target.host } }
    : { code: 'portal.redirectOtherOrigin', params: { origin: `${target.protocol}//${target.host}` } };
}

/** What support needs to find a request again: never a token, never a query string. */
export interface RequestContext {
  method: string;
  /** Path under the base URL, without the query (it can carry a dealer's search text). */
  endpoint: string;
}

export function detailFor(ctx: RequestContext, extra: Omit<ErrorDetail, 'method' | 'endpoint' | 'time'> = {}): ErrorDetail {
  const detail: ErrorDetail = { method: ctx.method, endpoint: ctx.endpoint, time: new Date().toISOString() };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) detail[key] = value;
  return detail;
}

/** A portal error in the dealer's words: the message code (its `kind`'s own text unless said otherwise) and the support detail. */
export function portalError(
  kind: ErrorKind,
  message: MessageRef | undefined,
  ctx: RequestContext,
  extra?: Omit<ErrorDetail, 'method' | 'endpoint' | 'time'>,
  cause?: unknown,
): AppError {
  return codedError(kind, message ?? kindMessage(kind), detailFor(ctx, extra), cause === undefined ? undefined : { cause });
}

/** The NestJS error body `{ statusCode, message, error }`, read without trusting it. */
export function readErrorBody(json: unknown): { portalMessage?: string | string[]; portalError?: string } {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return {};
  const body = json as Record<string, unknown>;
  const out: { portalMessage?: string | string[]; portalError?: string } = {};
  if (typeof body.message === 'string') out.portalMessage = body.message;
  else if (Array.isArray(body.message)) out.portalMessage = body.message.filter((m): m is string => typeof m === 'string');
  if (typeof body.error === 'string') out.portalError = body.error;
  return out;
}

export function joinPortalMessage(message: string | string[] | undefined): string | undefined {
  if (message === undefined) return undefined;
  const text = Array.isArray(message) ? message.join('; ') : message;
  return text.trim() === '' ? undefined : text;
}

// --- Failures below HTTP: connection, DNS, TLS, timeout --------------------------------------

export interface NetworkFailure {
  kind: 'offline' | 'tls';
  /** The system or TLS error code, for support (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT…). */
  code: string;
  /** Worth another attempt now: the error policy's `retryNow` for the kind, less codes that cannot pass (ENOTFOUND). */
  transient: boolean;
  /** The innermost error, safe to keep as a cause (it holds no request headers). */
  cause: unknown;
}

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME|ALTNAME/i;
const NOT_TRANSIENT = new Set(['ENOTFOUND']);

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = current instanceof Error || (typeof current === 'object' && 'cause' in current) ? (current as { cause?: unknown }).cause : undefined;
    // AggregateError (happy-eyeballs connect attempts) keeps its parts in `errors`.
    if (current === undefined && chain.at(-1) instanceof AggregateError) current = (chain.at(-1) as AggregateError).errors[0];
  }
  return chain;
}

function codeOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** Classifies an error thrown while sending a request or reading its body. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const chain = causeChain(error);
  const codes = chain.map(codeOf).filter((c): c is string => c !== undefined);
  const innermost = chain.at(-1);
  const tlsCode = codes.find((c) => TLS_CODE.test(c));
  if (tlsCode) return { kind: 'tls', code: tlsCode, transient: policyOf('tls').retryNow, cause: innermost };
  const messages = chain.map((e) => (e instanceof Error ? e.message : '')).join(' | ');
  if (/certificate|ssl|tls/i.test(messages) && codes.length === 0)
    return { kind: 'tls', code: 'TLS_ERROR', transient: policyOf('tls').retryNow, cause: innermost };
  // Undici names a body cut short "terminated"; its cause (if any) carries the socket's code.
  const code = codes.find((c) => c.startsWith('E') || c.startsWith('UND_ERR')) ?? (/terminated/i.test(messages) ? 'TERMINATED' : (codes[0] ?? 'NETWORK_ERROR'));
  return { kind: 'offline', code, transient: policyOf('offline').retryNow && !NOT_TRANSIENT.has(code), cause: innermost };
}
