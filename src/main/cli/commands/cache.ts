// cache rebuild: replaces a damaged local cache with an empty one and syncs it again in full from
// the portal. What only exists on this computer is kept: the queued unpublishes (their own file)
// and the sync and publication history (copied from the damaged file as far as it reads).
import { accountPaths, rebuildCacheFiles } from '../../account-session';
import { renderMessage } from '../../../shared/i18n/messages';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { sync } from './sync';

export const cacheRebuild: Command = {
  name: 'cache rebuild',
  summary: 'cliHelp.cacheRebuildSummary',
  usage: 'cache rebuild [--no-sync] [--no-photos] [--json]',
  help: [{ code: 'cliHelp.cacheRebuildHelp' }],
  options: { 'no-sync': { type: 'boolean' }, 'no-photos': { type: 'boolean' } },
  async run(ctx, args) {
    const account = await ctx.account(str(args.values.account));
    const result = await rebuildCacheFiles(accountPaths(ctx.accounts(), account.id, ctx.cacheDir), 'the command line');
    if (ctx.json && args.values['no-sync'] === true) ctx.out.json(result);
    const language = await ctx.language();
    if (!ctx.json) {
      ctx.out.line(
        renderMessage(language, 'cli.rebuilt', {
          name: account.name,
          pending: renderMessage(language, 'cli.rebuiltPending', { count: result.pendingKept }),
          runs: renderMessage(language, 'cli.rebuiltRuns', { count: result.runsKept }),
          events: renderMessage(language, 'cli.rebuiltEvents', { count: result.eventsKept }),
        }),
      );
      if (result.damagedCopy) ctx.out.note(renderMessage(language, 'cli.damagedKept', { file: result.damagedCopy }));
    }
    if (args.values['no-sync'] === true) {
      if (!ctx.json) ctx.out.line(renderMessage(language, 'cli.syncLater'));
      return EXIT.ok;
    }
    return sync.run(ctx, { ...args, values: { ...args.values, full: true } });
  },
};
