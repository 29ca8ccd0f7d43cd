// The small error taxonomy every layer speaks. Errors cross the bridge and the CLI as this
// tagged shape; `message` is for the dealer, `detail` for support (never a token or a JWT).

export const ERROR_KINDS = [
  'offline', // the portal could not be reached (DNS, refused, reset, timeout)
  'tls', // the portal's certificate or TLS handshake failed
  'not_a_portal', // something answered, but not the portal's integration API
  'unauthorized', // the JWT was refused (renewed automatically; surfaces only if renewal fails)
  'token_refused', // the integration token itself was refused: the dealer must enter a new one
  'not_found',
  'rate_limited',
  'validation', // 400 or 422 from the portal, with its messages
  'server', // 5xx from the portal
  'invalid_response', // the portal answered something we cannot read
  'keychain_unavailable', // no OS keychain (Secret Service) to keep the token in
  'no_token', // no integration token stored for the account
  'bad_input', // the dealer's (or the renderer's) input is invalid
  'database', // the local cache cannot be opened or written
  'busy', // another sync is already running
  'cancelled',
  'internal',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorDetail {
  method?: string;
  endpoint?: string;
  status?: number;
  time?: string;
  portalMessage?: string | string[];
  [key: string]: unknown;
}

export interface AppErrorShape {
  kind: ErrorKind;
  message: string;
  detail?: ErrorDetail;
}

export class AppError extends Error implements AppErrorShape {
  readonly kind: ErrorKind;
  readonly detail: ErrorDetail | undefined;

  constructor(kind: ErrorKind, message: string, detail?: ErrorDetail, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.kind = kind;
    this.detail = detail;
  }

  toJSON(): AppErrorShape {
    return this.detail === undefined ? { kind: this.kind, message: this.message } : { kind: this.kind, message: this.message, detail: this.detail };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Any thrown value as the tagged shape, for the bridge, the CLI and the logs. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: 'Something went wrong inside Showroom.', detail: { cause: message } };
}

/** Errors worth retrying later (the outbox keeps the write; the next sync sends it again). */
export function isTransient(kind: ErrorKind): boolean {
  return kind === 'offline' || kind === 'rate_limited' || kind === 'server' || kind === 'tls' || kind === 'unauthorized';
}
