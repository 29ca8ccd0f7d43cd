// The one error policy: for each kind of error (errors.ts), what Showroom does about it. The
// portal transport (retry now or not), the sync engine and the backend (is the portal offline?
// does the outbox keep the write? does a batch stop?), the plan command (fall back to the cache?)
// and the CLI's exit code all read this table; none of them decides by listing kinds itself.
//
// Connectivity: 'offline', 'tls' and 'not_a_portal' all mean the portal cannot be reached from
// here. A TLS failure is not a portal answer (nothing was sent, nothing read) and on a dealer's
// network its usual cause is an intermediary — a hotel or office captive portal, an inspecting
// proxy — exactly like an HTML page answering where the API should be. The dealer then needs
// what "offline" gives: the cache keeps working, unpublish requests are queued for the next
// sync, and the error's own message says which of the three happened.
import type { ErrorKind } from './errors';

/** What comes next, in the dealer's terms. */
export type ErrorAction =
  | 'retry' // a passing failure: try again (now, by the transport, or at the next sync)
  | 'offline' // the portal cannot be reached: work from the cache, queue writes
  | 'reauthenticate' // the integration token is missing or refused: the dealer enters a new one
  | 'give_up'; // a definite answer or a local problem: say so, nothing to retry

/** What the failure says about the portal's reachability (the connectivity shown in the top bar). */
export type Reachability = 'unreachable' | 'answered' | 'unknown';

/** The CLI's exit code, by name (cli/exit-codes.ts holds the numbers and their documentation). */
export type ExitName = 'unexpected' | 'usage' | 'offline' | 'token' | 'notFound' | 'keychain' | 'refused' | 'cancelled' | 'data' | 'syncRunning';

export interface ErrorPolicy {
  action: ErrorAction;
  /** The transport sends the request again at once (with backoff, within the request's deadline). */
  retryNow: boolean;
  /** Worth trying later: the outbox keeps the write for the next sync; a read falls back to the cache. */
  transient: boolean;
  portal: Reachability;
  /** No answer came back although the request may have reached the portal: check before sending it again. */
  unanswered: boolean;
  exit: ExitName;
}

const offline = { action: 'offline', transient: true, portal: 'unreachable', exit: 'offline' } as const;
const answered = { portal: 'answered', unanswered: false } as const;
const local = { retryNow: false, transient: false, portal: 'unknown', unanswered: false } as const;

export const ERROR_POLICY: { readonly [K in ErrorKind]: Readonly<ErrorPolicy> } = {
  // A reset or a refused connection may be brief (the transport keeps ENOTFOUND from retrying).
  offline: { ...offline, retryNow: true, unanswered: true },
  // A certificate does not fix itself within a second: no retry now, but the next sync tries again.
  tls: { ...offline, retryNow: false, unanswered: true },
  not_a_portal: { ...offline, retryNow: false, unanswered: false },
  // The JWT is renewed once by the client; a 403 may pass (e.g. the portal's plan being changed).
  unauthorized: { ...answered, action: 'retry', retryNow: false, transient: true, exit: 'token' },
  token_refused: { ...answered, action: 'reauthenticate', retryNow: false, transient: false, exit: 'token' },
  not_found: { ...answered, action: 'give_up', retryNow: false, transient: false, exit: 'notFound' },
  rate_limited: { ...answered, action: 'retry', retryNow: true, transient: true, exit: 'offline' },
  validation: { ...answered, action: 'give_up', retryNow: false, transient: false, exit: 'refused' },
  server: { ...answered, action: 'retry', retryNow: true, transient: true, exit: 'offline' },
  // A truncated or garbled body: the next attempt usually reads fine.
  invalid_response: { ...answered, action: 'retry', retryNow: true, transient: true, exit: 'offline' },
  keychain_unavailable: { ...local, action: 'give_up', exit: 'keychain' },
  no_token: { ...local, action: 'reauthenticate', exit: 'token' },
  bad_input: { ...local, action: 'give_up', exit: 'usage' },
  database: { ...local, action: 'give_up', exit: 'data' },
  busy: { ...local, action: 'give_up', exit: 'syncRunning' },
  // Stopped mid-request: it may have arrived.
  cancelled: { ...local, action: 'give_up', unanswered: true, exit: 'cancelled' },
  internal: { ...local, action: 'give_up', exit: 'unexpected' },
};

export function policyOf(kind: ErrorKind): Readonly<ErrorPolicy> {
  return ERROR_POLICY[kind];
}

/** The portal cannot be reached: connectivity goes to offline. */
export function marksOffline(kind: ErrorKind | undefined): boolean {
  return kind !== undefined && ERROR_POLICY[kind].portal === 'unreachable';
}

/** Worth trying again later (the outbox keeps the write; the next sync sends it again). */
export function isTransient(kind: ErrorKind): boolean {
  return ERROR_POLICY[kind].transient;
}

/** The other requests of a batch would fail the same way (offline, or the token is refused). */
export function stopsBatch(kind: ErrorKind): boolean {
  const { action } = ERROR_POLICY[kind];
  return action === 'offline' || action === 'reauthenticate';
}
