// The dealer's portal accounts: add (token into the keychain), test, replace the token, remove,
// select. The active account's resources are opened and closed through the session manager.
import type { ChannelParsedInput } from '../../shared/contract';
import { AppError, fromErrorShape, toErrorShape } from '../../shared/errors';
import { en } from '../../shared/i18n/en';
import { codedError, fill } from '../../shared/i18n/messages';
import { CONNECTION_OUTCOMES, type AccountView, type ConnectionTestView } from '../../shared/views';
import { checkBaseUrl, testConnection, type Account, type ConnectionOutcome } from '../accounts';
import type { Handlers } from '../ipc/gate';
import { nodeFetch } from '../base/node-fetch';
import type { BackendContext } from './context';
import { accountPaths, deletePhotoCache } from '../account-session';
import { emitSettingsChanged } from './settings';

/**
 * The account as the renderer lists it. For the open account, its last sync and whether its token
 * was refused come from its session (the cache): a sync from the command line shows here too.
 */
export async function accountView(ctx: BackendContext, account: Account): Promise<AccountView> {
  const flags = ctx.state.flags(account.id);
  const session = ctx.sessions.active();
  const active = ctx.state.get().activeAccountId === account.id;
  let { lastSyncAt, tokenRefused } = flags;
  if (session?.accountId === account.id) {
    const known = await session.accountState().catch(() => null);
    if (known) ({ lastSyncAt } = known);
    if (known) tokenRefused = known.tokenRefusedAt !== null;
  }
  return {
    id: account.id,
    name: account.name,
    baseUrl: account.baseUrl,
    active,
    demo: flags.demo,
    createdAt: account.createdAt,
    lastSyncAt,
    tokenRefused,
  };
}

/** Makes `accountId` the active account: opens its data, remembers the choice, tells the renderer. */
export async function activateAccount(ctx: BackendContext, accountId: string): Promise<void> {
  const previous = ctx.sessions.active()?.accountId ?? null;
  await ctx.sessions.open(accountId);
  await ctx.state.setActive(accountId);
  if (previous !== accountId) {
    ctx.deps.emit('cache.changed', { reason: 'account' });
    await emitSettingsChanged(ctx);
  }
}

export function emitAccountsChanged(ctx: BackendContext): void {
  ctx.deps.emit('accounts.changed', { activeAccountId: ctx.state.get().activeAccountId });
}

/** Anything but an AppError from the keychain means there is no usable keychain. */
export function keychainError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return codedError(
    'keychain_unavailable',
    { code: 'keychain.unavailable' },
    { reason: error instanceof Error ? error.message : String(error) },
    { cause: error },
  );
}

/** The outcome's text, in English (the renderer shows `connect.outcome.*` in the UI language). */
const OUTCOME_TEXT = en.connect.outcome;

export function connectionView(result: ConnectionOutcome, pathWarning: boolean): ConnectionTestView {
  if (result.outcome === 'connected') {
    return { outcome: 'connected', planName: result.planName, pathWarning, message: fill(OUTCOME_TEXT.connected, { plan: result.planName }) };
  }
  if (result.outcome === 'bad_input') throw fromErrorShape({ ...result.error, kind: 'bad_input' });
  // The portal is there but failing (5xx, rate limit, unreadable plan): the dealer's action is the same as offline — try later.
  const outcome = result.outcome === 'unreachable' || result.outcome === 'portal_error' ? 'offline' : result.outcome;
  if (!CONNECTION_OUTCOMES.includes(outcome)) throw codedError('internal', { code: 'app.internal' }, { reason: 'unexpected_connection_outcome', outcome });
  const detail = { kind: result.error.kind, ...result.error.detail };
  // A failing portal says more than "offline": its error's own text, with its message code.
  if (result.outcome === 'portal_error') {
    const { message, code, params } = result.error;
    return { outcome, planName: null, pathWarning, message, code, ...(params === undefined ? {} : { params }), detail };
  }
  return { outcome, planName: null, pathWarning, message: OUTCOME_TEXT[outcome], detail };
}

export async function addAccount(ctx: BackendContext, input: ChannelParsedInput<'accounts.add'>, demo = false): Promise<AccountView> {
  const checked = checkBaseUrl(input.baseUrl);
  if (!checked.ok) throw codedError('bad_input', checked.message, { field: 'baseUrl' });
  let account: Account;
  try {
    ({ account } = await ctx.accounts.add({ name: input.name, baseUrl: checked.url, integrationToken: input.token }));
  } catch (error) {
    throw keychainError(error);
  }
  await ctx.state.setFlags(account.id, { demo, tokenRefused: false, lastSyncAt: null });
  await activateAccount(ctx, account.id);
  emitAccountsChanged(ctx);
  ctx.log.info('backend: account added', { account: account.id, demo });
  return accountView(ctx, account);
}

export function accountHandlers(
  ctx: BackendContext,
): Pick<Handlers, 'accounts.list' | 'accounts.add' | 'accounts.test' | 'accounts.replaceToken' | 'accounts.remove' | 'accounts.select'> {
  const emitAccounts = () => emitAccountsChanged(ctx);

  return {
    'accounts.list': async () => Promise.all((await ctx.accounts.list()).map((a) => accountView(ctx, a))),

    'accounts.add': (input) => addAccount(ctx, input),

    'accounts.test': async ({ baseUrl, token }) => {
      const checked = checkBaseUrl(baseUrl);
      if (!checked.ok) throw codedError('bad_input', checked.message, { field: 'baseUrl' });
      let result: ConnectionOutcome;
      try {
        result = await testConnection({ baseUrl: checked.url, integrationToken: token.trim(), fetch: ctx.deps.fetch ?? nodeFetch(ctx.deps.env ?? {}) });
      } catch (error) {
        throw error instanceof AppError ? error : codedError('internal', { code: 'accounts.testFailed' }, { cause: toErrorShape(error).detail?.cause });
      }
      return connectionView(result, checked.warnings.length > 0);
    },

    'accounts.replaceToken': async ({ accountId, token }) => {
      try {
        await ctx.accounts.replaceToken(accountId, token);
      } catch (error) {
        throw keychainError(error);
      }
      await ctx.state.setFlags(accountId, { tokenRefused: false });
      const session = ctx.sessions.active();
      if (session?.accountId === accountId) await session.tokenReplaced();
      emitAccounts();
      return accountView(ctx, await ctx.accounts.get(accountId));
    },

    'accounts.remove': async ({ accountId, deleteData }) => {
      await ctx.accounts.get(accountId); // not_found before anything closes
      const wasActive = ctx.state.get().activeAccountId === accountId || ctx.sessions.active()?.accountId === accountId;
      // Close first: the database must not be open (or written by a sync) while its folder goes.
      if (wasActive) await ctx.sessions.close(accountId);
      try {
        await ctx.accounts.remove(accountId, { deleteCache: deleteData });
        if (deleteData) await deletePhotoCache(accountPaths(ctx.accounts, accountId, ctx.deps.cacheDir).photosDir);
      } catch (error) {
        if (wasActive) await ctx.sessions.open(accountId).catch(() => undefined);
        throw keychainError(error);
      }
      await ctx.state.forget(accountId);
      if (wasActive) {
        const next = (await ctx.accounts.list())[0];
        if (next) await activateAccount(ctx, next.id);
        else {
          await ctx.state.setActive(null);
          ctx.deps.emit('cache.changed', { reason: 'account' });
          await emitSettingsChanged(ctx);
        }
      }
      emitAccounts();
      ctx.log.info('backend: account removed', { account: accountId, deleteData });
      return null;
    },

    'accounts.select': async ({ accountId }) => {
      const account = await ctx.accounts.get(accountId);
      await activateAccount(ctx, accountId);
      emitAccounts();
      return accountView(ctx, account);
    },
  };
}
