// export --format csv|xlsx --out FILE [--lang en|pt-BR] [search flags]: the inventory as `search`
// selects and sorts it, every match (no --limit), to a file for Excel (offline). Progress on one
// updating stderr line when stderr is a terminal; Ctrl-C stops cleanly and leaves no file.
import { resolve } from 'node:path';
import { EXPORT_FORMATS, type ExportFormat } from '../../export';
import { renderMessage } from '../../../shared/i18n/messages';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatBytes, formatNumber } from '../io';
import { SEARCH_HELP, SEARCH_OPTIONS, SEARCH_USAGE, searchQuery } from '../search-flags';
import { usageError } from '../usage-error';

function formatOf(option: string | undefined, out: string): ExportFormat {
  const text = (option ?? out.split('.').pop() ?? '').toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(text)) return text as ExportFormat;
  throw usageError(option === undefined ? { code: 'cli.formatNeeded' } : { code: 'cli.formatInvalid', params: { value: option } });
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'cliHelp.exportSummary',
  usage: `export --format csv|xlsx --out FILE [--lang en|pt-BR] ${SEARCH_USAGE} [--json]`,
  help: [{ code: 'cliHelp.exportHelp' }, SEARCH_HELP],
  options: { ...SEARCH_OPTIONS, format: { type: 'string' }, out: { type: 'string', short: 'o' } },
  positionals: { min: 0, max: 50, name: 'text' },
  async run(ctx, { positionals, values }) {
    const outOption = str(values.out);
    if (outOption === undefined || outOption.trim() === '') throw usageError({ code: 'cli.outNeeded' });
    const file = resolve(outOption);
    const format = formatOf(str(values.format), file);
    const query = searchQuery(positionals.join(' '), values);
    const language = await ctx.language();
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const started = Date.now();
    const stop = session.subscribe((event) => {
      if (event.type !== 'exportProgress') return;
      const { done, total } = event.progress;
      ctx.out.progress(
        renderMessage(language, 'cli.exportProgress', {
          format: format.toUpperCase(),
          done: formatNumber(done, language) ?? '',
          total: formatNumber(total, language) ?? '',
          seconds: Math.round((Date.now() - started) / 1000),
        }),
      );
    });
    const result = await session.exportInventory({ format, file, language, query }).finally(stop);
    ctx.out.endProgress();
    if (ctx.json) ctx.out.json({ ...result, format, language });
    else
      ctx.out.line(
        renderMessage(language, 'cli.exported', {
          count: result.rows,
          rows: formatNumber(result.rows, language) ?? '',
          file: result.file,
          format: format.toUpperCase(),
          language,
          size: formatBytes(result.bytes, language),
        }),
      );
    return EXIT.ok;
  },
};
