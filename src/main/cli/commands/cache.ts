// cache rebuild: replaces a damaged local cache with an empty one and syncs it again in full from
// the portal. What only exists on this computer is kept: the queued unpublishes (their own file)
// and the sync and publication history (copied from the damaged file as far as it reads).
import { accountPaths, rebuildCacheFiles } from '../../account-session';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { sync } from './sync';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const cacheRebuild: Command = {
  name: 'cache rebuild',
  summary: 'Rebuild a damaged local cache from the portal (keeps queued unpublishes and the sync history)',
  usage: 'cache rebuild [--no-sync] [--no-photos] [--json]',
  help: `When Showroom says the local copy of the inventory is damaged (exit 9): the damaged file is
moved aside (cache.sqlite.damaged, for support), an empty one takes its place, and a full sync
reads every listing again (--no-sync: later, with \`showroom sync\`). Queued unpublishes are kept,
and so are the sync history and the publication history as far as the damaged file still reads.
Cached photos are downloaded again.`,
  options: { 'no-sync': { type: 'boolean' }, 'no-photos': { type: 'boolean' } },
  async run(ctx, args) {
    const account = await ctx.account(str(args.values.account));
    const result = await rebuildCacheFiles(accountPaths(ctx.accounts(), account.id, ctx.cacheDir), 'the command line');
    if (ctx.json && args.values['no-sync'] === true) ctx.out.json(result);
    if (!ctx.json) {
      ctx.out.line(
        `Rebuilt the local cache of “${account.name}”: kept ${plural(result.pendingKept, 'queued unpublish', 'queued unpublishes')}, ` +
          `${plural(result.runsKept, 'sync run', 'sync runs')} and ${plural(result.eventsKept, 'publication event', 'publication events')} of history.`,
      );
      if (result.damagedCopy) ctx.out.note(`The damaged file was kept for support: ${result.damagedCopy}`);
    }
    if (args.values['no-sync'] === true) {
      if (!ctx.json) ctx.out.line('Run `showroom sync` to read the listings again from the portal.');
      return EXIT.ok;
    }
    return sync.run(ctx, { ...args, values: { ...args.values, full: true } });
  },
};
