// What never reaches a log file: the integration token, the JWT, Authorization headers.
// Redaction is by key (anything that names a secret), by shape (Bearer values, JWTs) and by value
// (secrets registered at runtime, e.g. the integration token the dealer just typed).

export const REDACTED = '[redacted]';

const SECRET_KEY = /token|authorization|jwt|secret|password|passwd|cookie|api[-_]?key|credential|bearer/i;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// Three base64url segments, the first decoding to a JSON header ("eyJ" = '{"').
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// token=... in query strings and form bodies.
const SECRET_PARAM = /([?&;]|\b)(token|jwt|access_token|integration_?token|api_?key|password)=([^&\s"';]+)/gi;

export interface Redactor {
  (value: unknown): unknown;
  redactString(text: string): string;
  /** Registers a secret value to be scrubbed wherever it appears (short values are ignored). */
  addSecret(value: string): void;
}

export function createRedactor(initialSecrets: readonly string[] = []): Redactor {
  const secrets = new Set<string>();

  function redactString(text: string): string {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return out
      .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
      .replace(JWT, REDACTED)
      .replace(SECRET_PARAM, (_m, pre: string, key: string) => `${pre}${key}=${REDACTED}`);
  }

  /**
   * `seen`: the objects being walked above this one (a cycle); `done`: each object walked already,
   * with what it became, so an object met again elsewhere is the same copy, walked once.
   */
  function walk(value: unknown, seen: WeakSet<object>, depth: number, done = new WeakMap<object, unknown>()): unknown {
    if (typeof value === 'string') return redactString(value);
    if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
    if (seen.has(value)) return '[circular]';
    if (done.has(value)) return done.get(value);
    if (depth > 8) return '[too deep]';
    seen.add(value);
    try {
      const out = walkObject(value, seen, depth, done);
      done.set(value, out);
      return out;
    } finally {
      seen.delete(value);
    }
  }

  function walkObject(value: object, seen: WeakSet<object>, depth: number, done: WeakMap<object, unknown>): unknown {
    if (value instanceof Error) {
      const out: Record<string, unknown> = { name: value.name, message: redactString(value.message) };
      if (value.stack) out.stack = redactString(value.stack);
      for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : walk(v, seen, depth + 1, done);
      if (value.cause !== undefined) out.cause = walk(value.cause, seen, depth + 1, done);
      return out;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, seen, depth + 1, done));
    if (value instanceof Date) return value.toISOString();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== 'boolean' ? REDACTED : walk(v, seen, depth + 1, done);
    }
    return out;
  }

  const redactor = ((value: unknown) => walk(value, new WeakSet(), 0)) as Redactor;
  redactor.redactString = redactString;
  redactor.addSecret = (value: string) => {
    if (value.length >= 8) secrets.add(value);
  };
  for (const s of initialSecrets) redactor.addSecret(s);
  return redactor;
}
