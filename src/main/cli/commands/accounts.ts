// accounts add | list | remove
import { AppError } from '../../../shared/errors';
import { testConnection, type ConnectionOutcome } from '../../accounts';
import { createAppStateStore } from '../../backend/app-state';
import { accountPaths, deletePhotoCache } from '../../account-session';
import { silentLogger } from '../../shell/logger';
import { str, type Command } from '../command';
import { usageError } from '../context';
import { EXIT } from '../exit-codes';
import { table } from '../io';
import { readToken } from '../token-input';

const OUTCOME_TEXT: Record<ConnectionOutcome['outcome'], string> = {
  connected: 'connected',
  token_refused: 'the portal refused the integration token',
  unreachable: 'the portal could not be reached',
  not_a_portal: 'something answered, but it is not the portal’s integration API',
  tls: 'the secure connection failed (certificate)',
  portal_error: 'the portal answered with an error; try again later',
  bad_input: 'the address is not usable',
};

function outcomeExit(outcome: ConnectionOutcome): number {
  if (outcome.outcome === 'connected') return EXIT.ok;
  if (outcome.outcome === 'token_refused') return EXIT.token;
  if (outcome.outcome === 'bad_input') return EXIT.usage;
  return EXIT.offline;
}

export const accountsAdd: Command = {
  name: 'accounts add',
  summary: 'Add a portal account (tests the connection first)',
  usage: 'accounts add --name <name> --base-url <url> [--token-stdin] [--no-keychain] [--force]',
  help: `The integration token comes from SHOWROOM_TOKEN, or from standard input (--token-stdin, or a
prompt that does not echo it). It is stored in the system keychain, never on disk; with
--no-keychain (needs SHOWROOM_TOKEN) it is kept only for this run, and every later run needs
SHOWROOM_TOKEN. The account is added only when the connection test succeeds, unless --force.`,
  options: {
    name: { type: 'string' },
    'base-url': { type: 'string' },
    'token-stdin': { type: 'boolean' },
    force: { type: 'boolean' },
  },
  async run(ctx, { values, io }) {
    const name = str(values.name);
    const baseUrl = str(values['base-url']);
    if (!name) throw usageError('Give the account a name: --name "My dealership".');
    if (!baseUrl) throw usageError('Give the portal’s integration address: --base-url https://…/integration/v2');
    if (ctx.noKeychain && !ctx.envToken) throw usageError('--no-keychain keeps the token only for this run: set SHOWROOM_TOKEN too, and for every later run.');
    const token = await readToken(io, ctx.envToken, values['token-stdin'] === true);
    if (!token) throw new AppError('no_token', 'No integration token: set SHOWROOM_TOKEN, or pipe it with --token-stdin.');
    ctx.out.redactor.addSecret(token);

    ctx.out.progress('Testing the connection…');
    const outcome = await testConnection({ baseUrl, integrationToken: token, signal: ctx.signal, fetch: ctx.fetch });
    ctx.out.endProgress();
    const connected = outcome.outcome === 'connected';
    if (!connected && values.force !== true) {
      if (ctx.json) ctx.out.json({ added: false, connection: outcome });
      ctx.out.note(`Connection test: ${OUTCOME_TEXT[outcome.outcome]}. ${outcome.error.message}`);
      if (ctx.verbose && outcome.error.detail) ctx.out.note(`detail: ${JSON.stringify(outcome.error.detail)}`);
      ctx.out.note('The account was not added (use --force to add it anyway).');
      return outcomeExit(outcome);
    }
    const { account, warnings } = await ctx.accounts().add({ name, baseUrl, integrationToken: token });
    if (ctx.json) {
      ctx.out.json({ added: true, account, connection: outcome, tokenStored: ctx.noKeychain ? 'this run only' : 'keychain', warnings });
    } else {
      ctx.out.line(`Added account “${account.name}” (${account.id}).`);
      ctx.out.line(connected ? `Connection test: connected — plan ${outcome.planName}.` : `Connection test: ${OUTCOME_TEXT[outcome.outcome]}.`);
      ctx.out.line(ctx.noKeychain ? 'The token was not stored: set SHOWROOM_TOKEN for every run with this account.' : 'The token is in the system keychain.');
    }
    for (const w of [...warnings, ...(connected ? outcome.warnings : [])]) ctx.out.note(`warning: ${w}`);
    return connected ? EXIT.ok : outcomeExit(outcome);
  },
};

export const accountsList: Command = {
  name: 'accounts list',
  summary: 'List the accounts',
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
    if (rows.length === 0) {
      ctx.out.note(`No accounts in ${ctx.dataDir}. Add one with \`showroom accounts add\`.`);
      return EXIT.ok;
    }
    for (const l of table(
      ['', 'ID', 'NAME', 'BASE URL', 'ADDED'],
      rows.map((a) => [a.default ? '*' : '', a.id, a.name, a.baseUrl, a.createdAt.slice(0, 10)]),
    ))
      ctx.out.line(l);
    return EXIT.ok;
  },
};

export const accountsRemove: Command = {
  name: 'accounts remove',
  summary: 'Remove an account and its token (--delete-data: also its cached inventory and photos)',
  usage: 'accounts remove <id|name> [--delete-data] [--no-keychain]',
  options: { 'delete-data': { type: 'boolean' } },
  positionals: { min: 1, max: 1, name: 'account' },
  async run(ctx, { positionals, values }) {
    const account = await ctx.account(positionals[0]);
    await ctx.accounts().remove(account.id, { deleteCache: values['delete-data'] === true });
    if (values['delete-data'] === true) await deletePhotoCache(accountPaths(ctx.accounts(), account.id, ctx.cacheDir).photosDir);
    if (ctx.json) ctx.out.json({ removed: account.id, dataDeleted: values['delete-data'] === true });
    else ctx.out.line(`Removed account “${account.name}” (${account.id})${values['delete-data'] ? ' and its local data' : ''}.`);
    if (ctx.noKeychain) ctx.out.note('warning: --no-keychain: a token stored in the keychain for this account was left there.');
    return EXIT.ok;
  },
};
