// The small error taxonomy every layer speaks. Errors cross the bridge and the CLI as this
// tagged shape; `code` and `params` name the dealer's text in the shared dictionaries (rendered in
// the UI's or the terminal's language), `message` is that text in English for logs, `detail` is
// for support (never a token or a JWT). Every error has a code: build one with `codedError`
// (i18n/messages.ts), which writes `message` from the English dictionary; lint refuses
// `new AppError(kind, 'an English sentence')`. What to do about each kind: error-policy.ts.

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

/** Values filled into a dictionary text's `{{name}}`s (`count` also picks the plural form). */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface AppErrorShape {
  kind: ErrorKind;
  /** The text of `code` in English, for logs and support; the dealer reads `code` in their language. */
  message: string;
  /** The dictionary entry under `codes` (e.g. 'portal.offline'). */
  code: string;
  params?: MessageParams;
  detail?: ErrorDetail;
}

export interface AppErrorOptions {
  code: string;
  params?: MessageParams;
  cause?: unknown;
}

export class AppError extends Error implements AppErrorShape {
  readonly kind: ErrorKind;
  readonly detail: ErrorDetail | undefined;
  readonly code: string;
  readonly params: MessageParams | undefined;

  /** Use `codedError` (i18n/messages.ts): it writes `message` from the English dictionary. */
  constructor(kind: ErrorKind, message: string, detail: ErrorDetail | undefined, options: AppErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.detail = detail;
    this.code = options.code;
    this.params = options.params;
  }

  toJSON(): AppErrorShape {
    return {
      kind: this.kind,
      message: this.message,
      code: this.code,
      ...(this.params === undefined ? {} : { params: this.params }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Any thrown value as the tagged shape, for the bridge, the CLI and the logs. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: 'Something went wrong inside Showroom.', code: 'app.internal', detail: { cause: message } };
}

/** A tagged shape back as an AppError (same kind, message, code, params and detail): it crossed a thread or a process. */
export function fromErrorShape(shape: AppErrorShape): AppError {
  return new AppError(shape.kind, shape.message, shape.detail, {
    code: shape.code,
    ...(shape.params === undefined ? {} : { params: shape.params }),
  });
}

/** `detail.reason` of a damaged local cache (cache/db.ts): the app shows its rebuild banner for it. */
export const DAMAGED_REASON = 'cache_damaged';
