// accounts add | list | remove
import { codedError, renderMessage, textOf, textsIn } from '../../../shared/i18n/messages';
import { testConnection, type ConnectionOutcome } from '../../accounts';
import { createAppStateStore } from '../../app-data/app-state';
import { accountPaths, deletePhotoCache } from '../../account-session';
import { silentLogger } from '../../base/logger';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { table } from '../io';
import { readToken } from '../token-input';
import { usageError } from '../usage-error';

function outcomeExit(outcome: ConnectionOutcome): number {
  if (outcome.outcome === 'connected') return EXIT.ok;
  if (outcome.outcome === 'token_refused') return EXIT.token;
  if (outcome.outcome === 'bad_input') return EXIT.usage;
  return EXIT.offline;
}

export const accountsAdd: Command = {
  name: 'accounts add',
  summary: 'cliHelp.accountsAddSummary',
  usage: 'accounts add --name <name> --base-url <url> [--token-stdin] [--no-keychain] [--force]',
  help: [{ code: 'cliHelp.accountsAddHelp' }],
  options: {
    name: { type: 'string' },
    'base-url': { type: 'string' },
    'token-stdin': { type: 'boolean' },
    force: { type: 'boolean' },
  },
  async run(ctx, { values, io }) {
    const name = str(values.name);
    const baseUrl = str(values['base-url']);
    if (!name) throw usageError({ code: 'cli.nameNeeded' });
    if (!baseUrl) throw usageError({ code: 'cli.baseUrlNeeded' });
    if (ctx.noKeychain && !ctx.envToken) throw usageError({ code: 'cli.noKeychainNeedsToken' });
    const language = await ctx.language();
    const t = textsIn(language);
    const token = await readToken(io, ctx.envToken, values['token-stdin'] === true, t('cli.tokenPrompt'));
    if (!token) throw codedError('no_token', { code: 'cli.noToken' });
    ctx.out.redactor.addSecret(token);

    ctx.out.progress(t('cli.testingConnection'));
    const outcome = await testConnection({ baseUrl, integrationToken: token, signal: ctx.signal, fetch: ctx.fetch });
    ctx.out.endProgress();
    const connected = outcome.outcome === 'connected';
    if (!connected && values.force !== true) {
      if (ctx.json) ctx.out.json({ added: false, connection: outcome });
      ctx.out.note(t('cli.connectionTestSaid', { outcome: t(`cli.connection_${outcome.outcome}`), message: textOf(language, outcome.error) }));
      if (ctx.verbose && outcome.error.detail) ctx.out.note(`detail: ${JSON.stringify(outcome.error.detail)}`);
      ctx.out.note(t('cli.notAdded'));
      return outcomeExit(outcome);
    }
    const { account, warnings } = await ctx.accounts().add({ name, baseUrl, integrationToken: token });
    if (ctx.json) {
      ctx.out.json({ added: true, account, connection: outcome, tokenStored: ctx.noKeychain ? 'this run only' : 'keychain', warnings });
    } else {
      ctx.out.line(t('cli.added', { name: account.name, id: account.id }));
      ctx.out.line(
        connected ? t('cli.connectionPlan', { plan: outcome.planName }) : t('cli.connectionTest', { outcome: t(`cli.connection_${outcome.outcome}`) }),
      );
      ctx.out.line(t(ctx.noKeychain ? 'cli.tokenNotStored' : 'cli.tokenInKeychain'));
    }
    for (const w of [...warnings, ...(connected ? outcome.warnings : [])]) ctx.out.note(t('cli.warning', { text: w }));
    return connected ? EXIT.ok : outcomeExit(outcome);
  },
};

export const accountsList: Command = {
  name: 'accounts list',
  summary: 'cliHelp.accountsListSummary',
  usage: 'accounts list [--json]',
  async run(ctx) {
    const accounts = await ctx.accounts().list();
    const state = await createAppStateStore(ctx.dataDir, silentLogger)
      .load()
      .catch(() => null);
    const activeId = (accounts.length === 1 ? accounts[0]?.id : undefined) ?? state?.activeAccountId ?? null;
    const rows = accounts.map((a) => ({ ...a, default: a.id === activeId, lastSyncAt: state?.accounts[a.id]?.lastSyncAt ?? null }));
    if (ctx.json) {
      ctx.out.json(rows);
      return EXIT.ok;
    }
    const language = await ctx.language();
    if (rows.length === 0) {
      ctx.out.note(renderMessage(language, 'cli.noAccounts', { dir: ctx.dataDir }));
      return EXIT.ok;
    }
    for (const l of table(
      ['', ...(['cli.columnId', 'cli.columnName', 'cli.columnBaseUrl', 'cli.columnAdded'] as const).map((c) => renderMessage(language, c))],
      rows.map((a) => [a.default ? '*' : '', a.id, a.name, a.baseUrl, a.createdAt.slice(0, 10)]),
    ))
      ctx.out.line(l);
    return EXIT.ok;
  },
};

export const accountsRemove: Command = {
  name: 'accounts remove',
  summary: 'cliHelp.accountsRemoveSummary',
  usage: 'accounts remove <id|name> [--delete-data] [--no-keychain]',
  options: { 'delete-data': { type: 'boolean' } },
  positionals: { min: 1, max: 1, name: 'account' },
  async run(ctx, { positionals, values }) {
    const account = await ctx.account(positionals[0]);
    await ctx.accounts().remove(account.id, { deleteCache: values['delete-data'] === true });
    if (values['delete-data'] === true) await deletePhotoCache(accountPaths(ctx.accounts(), account.id, ctx.cacheDir).photosDir);
    if (ctx.json) ctx.out.json({ removed: account.id, dataDeleted: values['delete-data'] === true });
    const language = await ctx.language();
    if (!ctx.json)
      ctx.out.line(renderMessage(language, values['delete-data'] === true ? 'cli.removedWithData' : 'cli.removed', { name: account.name, id: account.id }));
    if (ctx.noKeychain) ctx.out.note(renderMessage(language, 'cli.keychainLeft'));
    return EXIT.ok;
  },
};
