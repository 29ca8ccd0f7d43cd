// What the backend remembers about accounts beyond the account store (which keeps only what the
// dealer typed): which one is active, which is the demo, whether the portal refused its token,
// and when it last synced (so the account list never has to open every account's database).
// `<dataDir>/app-state.json`; no secrets in it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../base/atomic-file';
import type { Logger } from '../base/logger';

const flagsSchema = z.object({
  demo: z.boolean().default(false),
  tokenRefused: z.boolean().default(false),
  lastSyncAt: z.string().nullable().default(null),
});

const stateSchema = z.object({
  version: z.literal(1),
  activeAccountId: z.string().nullable().default(null),
  accounts: z.record(z.string(), flagsSchema).default({}),
});

export type AccountFlags = z.infer<typeof flagsSchema>;
export type AppState = z.infer<typeof stateSchema>;

const EMPTY_FLAGS: AccountFlags = { demo: false, tokenRefused: false, lastSyncAt: null };

export interface AppStateStore {
  /** The state as last loaded or written (loaded once by `load`). */
  get(): AppState;
  flags(accountId: string): AccountFlags;
  load(): Promise<AppState>;
  setActive(accountId: string | null): Promise<void>;
  setFlags(accountId: string, changes: Partial<AccountFlags>): Promise<void>;
  forget(accountId: string): Promise<void>;
}

export function createAppStateStore(dataDir: string, log: Logger): AppStateStore {
  const file = join(dataDir, 'app-state.json');
  let state: AppState = { version: 1, activeAccountId: null, accounts: {} };
  // Writes in order: two quick changes must not lose each other.
  let queue: Promise<unknown> = Promise.resolve();
  const save = (): Promise<void> => {
    const snapshot = `${JSON.stringify(state, null, 2)}\n`;
    const next = queue.then(() => writeFileAtomic(file, snapshot));
    queue = next.catch((error: unknown) => log.warn('backend: could not save app-state.json', { error: String(error) }));
    return next;
  };

  return {
    get: () => state,
    flags: (id) => state.accounts[id] ?? EMPTY_FLAGS,
    async load() {
      try {
        const parsed = stateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
        if (parsed.success) state = parsed.data;
        else log.warn('backend: app-state.json unreadable; starting afresh', { issues: parsed.error.issues.length });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('backend: app-state.json unreadable; starting afresh', { error: String(error) });
      }
      return state;
    },
    async setActive(accountId) {
      if (state.activeAccountId === accountId) return;
      state = { ...state, activeAccountId: accountId };
      await save();
    },
    async setFlags(accountId, changes) {
      const current = state.accounts[accountId] ?? EMPTY_FLAGS;
      const next = { ...current, ...changes };
      if (current.demo === next.demo && current.tokenRefused === next.tokenRefused && current.lastSyncAt === next.lastSyncAt) return;
      state = { ...state, accounts: { ...state.accounts, [accountId]: next } };
      await save();
    },
    async forget(accountId) {
      const accounts = { ...state.accounts };
      delete accounts[accountId];
      state = { ...state, accounts, activeAccountId: state.activeAccountId === accountId ? null : state.activeAccountId };
      await save();
    },
  };
}
