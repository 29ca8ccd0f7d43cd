// The dealer's portal accounts, kept in `<dataDir>/accounts.json` (no secrets in it: each
// account's integration token is in the keychain under the account's id, and nowhere else).
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppError } from '../../shared/errors';
import { codedError, type MessageRef } from '../../shared/i18n/messages';
import { writeFileAtomic } from '../base/atomic-file';
import { LockBusyError, withLock } from '../locks/file-lock';
import type { Keychain } from '../secrets/keychain';
import { checkBaseUrl } from '../../shared/base-url';
import { tightenEntriesSync } from '../base/private-files';

export const photoModes = ['covers', 'all'] as const;

export const accountSettingsSchema = z.object({
  /** Download cover photos only, or every photo (within the budget). */
  photos: z.enum(photoModes),
  /** Disk budget for this account's photo cache, in megabytes. */
  photoBudgetMB: z.number().int().min(0).max(1_000_000),
});

const ACCOUNT_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const accountSchema = z.object({
  id: z.string().regex(ACCOUNT_ID),
  name: z.string().min(1),
  baseUrl: z.string().min(1),
  settings: accountSettingsSchema,
  createdAt: z.string(),
});

const fileSchema = z.object({ version: z.literal(1), accounts: z.array(accountSchema) });

export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export type Account = z.infer<typeof accountSchema>;

/** How long a change waits for another process's change of the list (a keychain prompt can take a while). */
const LIST_LOCK_WAIT_MS = 30_000;

export const DEFAULT_SETTINGS: AccountSettings = { photos: 'covers', photoBudgetMB: 2_048 };

export interface NewAccount {
  name: string;
  baseUrl: string;
  integrationToken: string;
  settings?: Partial<AccountSettings>;
}

export interface AccountChanges {
  name?: string;
  baseUrl?: string;
  settings?: Partial<AccountSettings>;
}

export interface AccountStoreOptions {
  /** The app's data folder; accounts.json lives here, each account's cache in accounts/<id>/. */
  dataDir: string;
  keychain: Keychain;
  now?: () => number;
  newId?: () => string;
}

export interface AccountStore {
  list(): Promise<Account[]>;
  /** Throws not_found when there is no such account. */
  get(id: string): Promise<Account>;
  /** Validates, stores the token in the keychain, then the account; `warnings` are worth showing. */
  add(input: NewAccount): Promise<{ account: Account; warnings: string[] }>;
  update(id: string, changes: AccountChanges): Promise<{ account: Account; warnings: string[] }>;
  replaceToken(id: string, integrationToken: string): Promise<void>;
  /** The account's integration token; `no_token` when the keychain has none for it. */
  token(id: string): Promise<string>;
  /** Removes the account and its token; with `deleteCache`, also `<dataDir>/accounts/<id>/`. */
  remove(id: string, options?: { deleteCache?: boolean }): Promise<void>;
  /** Where this account's cached data lives. */
  dataFolder(id: string): string;
}

function badInput(message: MessageRef, field: string): AppError {
  return codedError('bad_input', message, { field });
}

export function validateName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw badInput({ code: 'accounts.nameMissing' }, 'name');
  const trimmed = name.trim();
  if (trimmed.length > 100) throw badInput({ code: 'accounts.nameTooLong', params: { max: 100 } }, 'name');
  return trimmed;
}

/** Tokens go into an HTTP header: no line breaks or control characters, no surrounding spaces. */
export function validateToken(token: unknown): string {
  if (typeof token !== 'string' || token.trim() === '') {
    throw badInput({ code: 'accounts.tokenMissing' }, 'integrationToken');
  }
  const trimmed = token.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\u0000-\u001f\u007f\s]/.test(trimmed) || trimmed.length > 8_192) {
    throw badInput({ code: 'accounts.tokenMalformed' }, 'integrationToken');
  }
  return trimmed;
}

export function validateBaseUrl(baseUrl: unknown): { url: string; warnings: string[] } {
  const check = checkBaseUrl(typeof baseUrl === 'string' ? baseUrl : '');
  if (!check.ok) throw badInput(check.message, 'baseUrl');
  return { url: check.url, warnings: check.warnings };
}

export function validateSettings(settings: Partial<AccountSettings> | undefined, base: AccountSettings = DEFAULT_SETTINGS): AccountSettings {
  const parsed = accountSettingsSchema.safeParse({ ...base, ...settings });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'settings');
    throw badInput({ code: field === 'photos' ? 'accounts.photoModeInvalid' : 'accounts.photoBudgetInvalid' }, field);
  }
  return parsed.data;
}

export function createAccountStore(options: AccountStoreOptions): AccountStore {
  const file = join(options.dataDir, 'accounts.json');
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  // One change at a time, so two quick edits cannot lose each other: in this process (the queue)
  // and across processes (a lock beside the file: the app and a terminal, or two terminals, each
  // read, change and write the whole list).
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const locked = () =>
      withLock(file, { who: 'Showroom', waitMs: LIST_LOCK_WAIT_MS }, run).catch((error: unknown) => {
        if (!(error instanceof LockBusyError)) throw error;
        throw codedError('database', { code: 'accounts.listBusy' }, { file });
      });
    const next = queue.then(locked, locked);
    queue = next.catch(() => undefined);
    return next;
  };

  // An earlier version left the data folder and its files open to others: tightened once, on first read.
  let tightened = false;
  async function load(): Promise<Account[]> {
    if (!tightened) {
      tightened = true;
      tightenEntriesSync(options.dataDir);
    }
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw codedError('database', { code: 'accounts.listUnreadable' }, { file, code: (error as NodeJS.ErrnoException).code }, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw codedError('database', { code: 'accounts.listDamaged' }, { file, reason: 'not JSON' }, { cause: error });
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success)
      throw codedError(
        'database',
        { code: 'accounts.listDamaged' },
        { file, reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 5) },
      );
    return parsed.data.accounts;
  }

  async function save(accounts: Account[]): Promise<void> {
    try {
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, accounts }, null, 2)}\n`);
    } catch (error) {
      throw codedError('database', { code: 'accounts.listUnwritable' }, { file, code: (error as NodeJS.ErrnoException).code }, { cause: error });
    }
  }

  function find(accounts: Account[], id: string): Account {
    const account = accounts.find((a) => a.id === id);
    if (!account) throw codedError('not_found', { code: 'accounts.notFound' }, { account: id });
    return account;
  }

  function dataFolder(id: string): string {
    if (!ACCOUNT_ID.test(id)) throw codedError('bad_input', { code: 'accounts.invalidId' }, { account: id });
    return join(options.dataDir, 'accounts', id);
  }

  return {
    list: () => load(),
    get: async (id) => find(await load(), id),
    dataFolder,

    add: (input) =>
      exclusive(async () => {
        const name = validateName(input.name);
        const { url, warnings } = validateBaseUrl(input.baseUrl);
        const token = validateToken(input.integrationToken);
        const settings = validateSettings(input.settings);
        const accounts = await load();
        const account: Account = { id: newId().toLowerCase(), name, baseUrl: url, settings, createdAt: new Date(now()).toISOString() };
        dataFolder(account.id);
        // Token first: without a keychain there is no account (never a token in clear).
        await options.keychain.set(account.id, token);
        try {
          await save([...accounts, account]);
        } catch (error) {
          await options.keychain.delete(account.id).catch(() => undefined);
          throw error;
        }
        return { account, warnings };
      }),

    update: (id, changes) =>
      exclusive(async () => {
        const accounts = await load();
        const current = find(accounts, id);
        let warnings: string[] = [];
        const next: Account = { ...current };
        if (changes.name !== undefined) next.name = validateName(changes.name);
        if (changes.baseUrl !== undefined) {
          const checked = validateBaseUrl(changes.baseUrl);
          next.baseUrl = checked.url;
          warnings = checked.warnings;
        }
        if (changes.settings !== undefined) next.settings = validateSettings(changes.settings, current.settings);
        await save(accounts.map((a) => (a.id === id ? next : a)));
        return { account: next, warnings };
      }),

    replaceToken: (id, integrationToken) =>
      exclusive(async () => {
        const token = validateToken(integrationToken);
        find(await load(), id);
        await options.keychain.set(id, token);
      }),

    token: async (id) => {
      const token = await options.keychain.get(id);
      if (token === null || token === '') {
        throw codedError('no_token', { code: 'accounts.noToken' }, { account: id });
      }
      return token;
    },

    remove: (id, removeOptions = {}) =>
      exclusive(async () => {
        const accounts = await load();
        find(accounts, id);
        const folder = dataFolder(id);
        // Token first: if the keychain is unavailable, nothing is removed and the dealer can retry.
        await options.keychain.delete(id);
        await save(accounts.filter((a) => a.id !== id));
        if (removeOptions.deleteCache) await rm(folder, { recursive: true, force: true });
      }),
  };
}
