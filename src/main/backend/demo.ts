// Demo mode: the in-app sandbox portal with seeded stock, and an account pointing at it.
// The demo token goes into the keychain like any other. Without a keychain it is kept in memory
// only: it is a throwaway token for a loopback sandbox that dies with the app, so nothing real
// is exposed (real accounts still refuse to work without a keychain).
import { AppError } from '../../shared/errors';
import type { AccountView } from '../../shared/views';
import type { DemoSandbox } from '../ipc/backend';
import type { Handlers } from '../ipc/gate';
import type { Keychain } from '../secrets';
import { accountView, activateAccount, addAccount, emitAccountsChanged, keychainError } from './accounts';
import type { BackendContext } from './context';
import { startSync } from './sync';

export const DEMO_ACCOUNT_NAME = 'Demo dealership';

/** A keychain that may keep the tokens of demo sandboxes in memory when the real one is unavailable. */
export function createDemoAwareKeychain(real: Keychain): { keychain: Keychain; allowInMemory: (token: string) => void } {
  const throwaway = new Set<string>();
  const memory = new Map<string, string>();
  const unavailable = (error: unknown) => error instanceof AppError && error.kind === 'keychain_unavailable';
  return {
    allowInMemory: (token) => {
      throwaway.add(token);
    },
    keychain: {
      async get(account) {
        return memory.get(account) ?? real.get(account);
      },
      async set(account, token) {
        try {
          await real.set(account, token);
          memory.delete(account);
        } catch (error) {
          if (!unavailable(error) || !throwaway.has(token)) throw error;
          memory.set(account, token);
        }
      },
      async delete(account) {
        const had = memory.delete(account);
        try {
          return (await real.delete(account)) || had;
        } catch (error) {
          if (had && unavailable(error)) return true;
          throw error;
        }
      },
    },
  };
}

export interface Demo {
  handlers: Pick<Handlers, 'demo.start'>;
  /**
   * The demo sandbox lives only as long as the app: after a restart the demo account points at a
   * port nobody listens on. Called before a sync of the active account: when that account is the
   * demo and no sandbox runs in this process, start one and point the account at it.
   */
  ensureRunningForActive(): Promise<void>;
  stop(): Promise<void>;
}

export function createDemo(ctx: BackendContext, allowInMemory: (token: string) => void): Demo {
  let sandbox: DemoSandbox | null = null;
  let starting: Promise<AccountView> | null = null;

  async function start({ sync }: { sync: boolean }): Promise<AccountView> {
    sandbox ??= await ctx.deps.startDemoSandbox();
    const { baseUrl, integrationToken: token } = sandbox;
    ctx.log.addSecret(token);
    allowInMemory(token);
    const existing = (await ctx.accounts.list()).find((a) => ctx.state.flags(a.id).demo);
    let view: AccountView;
    if (existing) {
      // The sandbox listens on a new port each time: point the demo account at this one.
      if (existing.baseUrl !== baseUrl) {
        await ctx.sessions.close(existing.id);
        await ctx.accounts.update(existing.id, { baseUrl });
      }
      try {
        await ctx.accounts.replaceToken(existing.id, token);
      } catch (error) {
        throw keychainError(error);
      }
      await ctx.state.setFlags(existing.id, { tokenRefused: false });
      const open = ctx.sessions.active();
      if (open?.accountId === existing.id) await open.tokenReplaced();
      await activateAccount(ctx, existing.id);
      emitAccountsChanged(ctx);
      view = await accountView(ctx, await ctx.accounts.get(existing.id));
    } else {
      view = await addAccount(ctx, { name: DEMO_ACCOUNT_NAME, baseUrl, token }, true);
    }
    if (!sync) return view;
    // The demo shows stock at once: its first sync starts now (the dealer's own start joins it).
    startSync(ctx, { kind: 'auto', automatic: true }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.kind === 'busy')) ctx.log.warn('backend: demo sync did not start', { error: String(error) });
    });
    return view;
  }

  const startOnce = (sync: boolean): Promise<AccountView> => {
    starting ??= start({ sync }).finally(() => {
      starting = null;
    });
    return starting;
  };

  return {
    handlers: {
      'demo.start': () => startOnce(true),
    },
    async ensureRunningForActive() {
      const active = ctx.sessions.active();
      if (sandbox !== null || active === null || !ctx.state.flags(active.accountId).demo) return;
      await startOnce(false);
    },
    async stop() {
      const running = sandbox;
      sandbox = null;
      await running?.close().catch((error: unknown) => ctx.log.warn('backend: demo sandbox did not stop cleanly', { error: String(error) }));
    },
  };
}
