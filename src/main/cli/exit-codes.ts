// The command line's exit codes: documented here, in `showroom --help` (the dictionaries'
// `cliHelp.exitCodes`, in both languages), and in the README.
//
//   code  name            when
//   ────  ──────────────  ─────────────────────────────────────────────────────────────────────
//    0    ok              the command did what was asked
//    1    unexpected      a bug or an unforeseen failure (run again with --verbose for detail)
//    2    usage           bad command line: unknown command or option, missing argument
//    3    offline         the portal could not be reached (network, DNS, TLS, not a portal, 5xx, rate limit)
//    4    token           no integration token, or the portal refused it
//    5    not_found       no such account, or no such listing
//    6    keychain        no system keychain to keep the token in (use SHOWROOM_TOKEN and --no-keychain)
//    7    refused         the portal refused the request (validation), a listing's unpublish, publish, highlight or edit
//                         was refused, the plan had no room for it (not sent), or an edit is held by a conflict until
//                         the dealer chooses (showroom resolve)
//    8    cancelled       interrupted (Ctrl-C): what was running stopped cleanly
//    9    data            the local data cannot be read or written (damaged cache, disk full, locked)
//   10    sync_running    a sync of this account is already running (in the app or another command)
//
// A sync whose inventory committed but some photos failed is a success (0): the failures are in
// its summary and in `show`. `unpublish`, `publish` and `highlight` with several references: 7 if
// any was refused or had no room in the plan, else 5 if any was not found, else 0.
import { policyOf, type ExitName } from '../../shared/error-policy';
import type { ErrorKind } from '../../shared/errors';

export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  offline: 3,
  token: 4,
  notFound: 5,
  keychain: 6,
  refused: 7,
  cancelled: 8,
  data: 9,
  syncRunning: 10,
} as const satisfies Record<ExitName | 'ok', number>;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The error policy's exit code for a kind (no kind: an unexpected failure). */
export function exitCodeFor(kind: ErrorKind | undefined): ExitCode {
  return kind === undefined ? EXIT.unexpected : EXIT[policyOf(kind).exit];
}
