// The app's active account: one AccountSession (src/main/account-session) at a time, hosted in a
// worker thread so that Electron's main thread — the UI thread — never waits on the database or
// the sync. Switching closes the previous one after stopping what it was doing.
import { codedError } from '../../shared/i18n/messages';
import type { AccountStore } from '../accounts';
import { accountPaths, openAccountSession, openAccountSessionInWorker, type AccountSession, type SessionEvent } from '../account-session';
import type { Logger } from '../base/logger';

export interface SessionManagerOptions {
  accounts: AccountStore;
  log: Logger;
  /** Every event of every session it opens (the backend relays the active one's). */
  onEvent(session: AccountSession, event: SessionEvent): void;
  /** The photo cache's root (BackendDeps.cacheDir). */
  cacheDir?: string | undefined;
  /** The host's fetch, when the session's HTTP must go through it (Electron's net.fetch). */
  fetch?: typeof globalThis.fetch | undefined;
  /** The environment whose proxy settings the session's own fetch follows. */
  env?: Record<string, string | undefined> | undefined;
  /** 'worker' (default): off this thread; 'here': in this thread (tests of the handlers alone). */
  host?: 'worker' | 'here' | undefined;
}

export interface SessionManager {
  active(): AccountSession | null;
  /** The active session, or bad_input "Connect an account first". */
  require(): AccountSession;
  /** Opens `accountId` (closing the previous account's session); returns the open one if it is already active. */
  open(accountId: string): Promise<AccountSession>;
  /** Closes the active session (if it is `accountId`, when given). */
  close(accountId?: string): Promise<void>;
}

export const noAccountError = () => codedError('bad_input', { code: 'app.noAccount' }, { reason: 'no_active_account' });

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { accounts, log } = options;
  let current: AccountSession | null = null;
  // Why the active account could not be opened (a damaged database…): said again by `require`.
  let openError: unknown = null;
  // Opening and closing one after another: two quick account switches never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  async function openSession(accountId: string): Promise<AccountSession> {
    const account = await accounts.get(accountId);
    const spec = {
      accountId,
      baseUrl: account.baseUrl,
      settings: account.settings,
      paths: accountPaths(accounts, accountId, options.cacheDir),
      holder: 'the app' as const,
      env: options.env,
    };
    const host = {
      log,
      fetch: options.fetch,
      integrationToken: async () => {
        const token = await accounts.token(accountId);
        log.addSecret(token);
        return token;
      },
    };
    // A reader thread too: the list keeps answering while the session's thread applies a sync pass.
    const session = options.host === 'here' ? await openAccountSession(spec, host) : await openAccountSessionInWorker(spec, host, { reader: true });
    session.subscribe((event) => options.onEvent(session, event));
    return session;
  }

  return {
    active: () => current,
    require() {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the opening's own failure, rethrown as it was caught
      if (!current && openError !== null) throw openError;
      if (!current) throw noAccountError();
      return current;
    },
    open: (accountId) =>
      exclusive(async () => {
        if (current?.accountId === accountId) return current;
        if (current) {
          const previous = current;
          current = null;
          await previous.close();
        }
        openError = null;
        try {
          current = await openSession(accountId);
        } catch (error) {
          openError = error;
          throw error;
        }
        return current;
      }),
    close: (accountId) =>
      exclusive(async () => {
        if (!current || (accountId !== undefined && current.accountId !== accountId)) return;
        const previous = current;
        current = null;
        openError = null;
        await previous.close();
      }),
  };
}
