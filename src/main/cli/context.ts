// What every command shares: the data folder, the account store (with the keychain, or only this
// process's memory with --no-keychain), choosing the account, and opening its session — the same
// AccountSession the app opens, in a worker thread as in the app.
import { statSync } from 'node:fs';
import { codedError, renderMessage } from '../../shared/i18n/messages';
import type { UiLanguage } from '../../shared/views';
import { createAccountStore, type Account, type AccountStore } from '../accounts';
import { accountPaths, openAccountSessionInWorker, type AccountPaths, type AccountSession } from '../account-session';
import { createAppStateStore } from '../app-data/app-state';
import type { CacheIdentityNotice } from '../../shared/views';
import { createKeytarKeychain, type Keychain } from '../secrets';
import { silentLogger, type Logger } from '../base/logger';
import { nodeFetch } from '../base/node-fetch';
import type { Profile } from '../app-data/data-dir';
import type { Env } from '../base/env';
import type { Output } from './io';
import { cliLanguage } from './language';
import { usageError } from './usage-error';

export interface CliContext {
  dataDir: string;
  /** The photo cache's root (the OS cache folder's profile, or dataDir for a chosen folder). */
  cacheDir: string;
  /** The keychain service of the profile (development runs have their own). */
  keychainService: string;
  env: Env;
  out: Output;
  verbose: boolean;
  json: boolean;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** --no-keychain: tokens live only in this process (SHOWROOM_TOKEN). */
  noKeychain: boolean;
  /** --lang as given (checked by the command line before the command runs). */
  lang?: string | undefined;
  /** The dealer's language: --lang, else the app's setting, else the system's (language.ts). */
  language(): Promise<UiLanguage>;
  accounts(): AccountStore;
  /** The account named by --account (id or name), else the only one, else the app's active one. */
  account(selector?: string): Promise<Account>;
  open(account: Account): Promise<OpenAccount>;
  /** The token of SHOWROOM_TOKEN, if set. */
  envToken: string | undefined;
  /** Node's fetch through the environment's HTTPS_PROXY/NO_PROXY (undefined: the global fetch). */
  fetch: typeof globalThis.fetch | undefined;
  /** Closes whatever was opened (waits for the sessions' workers to close their databases). */
  close(): Promise<void>;
}

export interface OpenAccount {
  account: Account;
  paths: AccountPaths;
  /** The account's session, in a worker thread as in the app. */
  session: AccountSession;
}

/** A keychain that keeps tokens only in this process's memory: never on disk. */
export function memoryKeychain(): Keychain {
  const tokens = new Map<string, string>();
  return {
    get: async (account) => tokens.get(account) ?? null,
    set: async (account, token) => void tokens.set(account, token),
    delete: async (account) => tokens.delete(account),
  };
}

/** What the command line hands in; the rest of the context is built from it. */
export type ContextInput = Pick<
  CliContext,
  'dataDir' | 'cacheDir' | 'keychainService' | 'env' | 'out' | 'verbose' | 'json' | 'signal' | 'noKeychain' | 'lang'
> & {
  keychain?: Keychain;
  /** Where the sessions' log lines go (none by default: the CLI says what matters itself). */
  log?: Logger;
};

export function createContext(input: ContextInput): CliContext {
  const envToken = input.env.SHOWROOM_TOKEN?.trim() || undefined;
  if (envToken) input.out.redactor.addSecret(envToken);
  const keychain = input.noKeychain ? memoryKeychain() : (input.keychain ?? createKeytarKeychain(input.keychainService));
  const fetch = nodeFetch(input.env);
  let store: AccountStore | undefined;
  const opened: AccountSession[] = [];
  let chosenLanguage: Promise<UiLanguage> | undefined;
  const language = () => (chosenLanguage ??= cliLanguage(input.lang, input.env, input.dataDir));

  const accounts = () => (store ??= createAccountStore({ dataDir: input.dataDir, keychain }));

  return {
    ...input,
    envToken,
    fetch,
    accounts,
    language,

    async account(selector) {
      const list = await accounts().list();
      if (selector !== undefined) {
        const byId = list.find((a) => a.id === selector);
        if (byId) return byId;
        const byName = list.filter((a) => a.name.toLowerCase() === selector.toLowerCase());
        if (byName.length === 1 && byName[0]) return byName[0];
        if (byName.length > 1) throw usageError({ code: 'cli.accountAmbiguous', params: { name: selector } });
        throw codedError('not_found', { code: 'cli.accountUnknown', params: { name: selector } }, { account: selector });
      }
      if (list.length === 1 && list[0]) return list[0];
      if (list.length === 0) throw codedError('not_found', { code: 'cli.noAccountYet' }, { dataDir: input.dataDir });
      const state = await createAppStateStore(input.dataDir, silentLogger)
        .load()
        .catch(() => null);
      const active = list.find((a) => a.id === state?.activeAccountId);
      if (active) return active;
      throw usageError({ code: 'cli.accountNotChosen' });
    },

    async open(account) {
      const paths = accountPaths(accounts(), account.id, input.cacheDir);
      const session = await openAccountSessionInWorker(
        { accountId: account.id, baseUrl: account.baseUrl, settings: account.settings, paths, holder: 'the command line', env: input.env },
        {
          log: input.log ?? silentLogger,
          // SHOWROOM_TOKEN for unattended runs; otherwise the keychain, read only when a JWT is due.
          integrationToken: async () => {
            const token = envToken ?? (await accounts().token(account.id));
            input.out.redactor.addSecret(token);
            return token;
          },
        },
      );
      opened.push(session);
      // Ctrl-C stops what the session is doing (a sync, an export) and closes it.
      input.signal.addEventListener('abort', () => void session.close(), { once: true });
      const notice = await session.identityNotice();
      if (notice) {
        input.out.note(`showroom: ${identityNoticeText(await language(), notice)}`);
        await session.acknowledgeIdentityNotice();
      }
      return { account, paths, session };
    },

    async close() {
      await Promise.allSettled(opened.splice(0).map((session) => session.close()));
    },
  };
}
/** The parts of the context a profile decides. */
export function profileContext(profile: Profile): Pick<ContextInput, 'dataDir' | 'cacheDir' | 'keychainService'> {
  return { dataDir: profile.dataDir, cacheDir: profile.cacheDir, keychainService: profile.keychainService };
}

/** What the command line says once about a cache file found reset or replaced (cache/local.ts). */
export function identityNoticeText(language: UiLanguage, notice: CacheIdentityNotice): string {
  const kept = (count: number) => renderMessage(language, count === 0 ? 'cli.noticeNoneQueued' : 'cli.noticeQueuedKept', { count });
  switch (notice.kind) {
    case 'reset':
      return renderMessage(language, 'cli.noticeReset', { at: notice.at, kept: kept(notice.pendingKept) });
    case 'replaced':
      return renderMessage(language, 'cli.noticeReplaced', { at: notice.at, kept: kept(notice.pendingKept) });
    case 'local_lost':
      return renderMessage(language, 'cli.noticeLocalLost', { at: notice.at });
  }
}

/** Size of the cache file with its WAL. */
export function cacheFileBytes(file: string): number {
  let total = 0;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      total += statSync(f).size;
    } catch {
      /* absent */
    }
  }
  return total;
}
