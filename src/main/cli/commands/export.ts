// export --format csv|xlsx --out FILE [--lang en|pt-BR] [search flags]: the inventory as `search`
// selects and sorts it, every match (no --limit), to a file for Excel (offline). Progress on one
// updating stderr line when stderr is a terminal; Ctrl-C stops cleanly and leaves no file.
import { resolve } from 'node:path';
import { EXPORT_FORMATS, type ExportFormat } from '../../export';
import { str, type Command } from '../command';
import { usageError } from '../context';
import { EXIT } from '../exit-codes';
import { formatBytes, formatNumber } from '../io';
import { cliLanguage } from '../language';
import { SEARCH_HELP, SEARCH_OPTIONS, SEARCH_USAGE, searchQuery } from '../search-flags';

function formatOf(option: string | undefined, out: string): ExportFormat {
  const text = (option ?? out.split('.').pop() ?? '').toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(text)) return text as ExportFormat;
  throw usageError(
    option === undefined ? '--format csv|xlsx is needed (or an --out name ending in .csv or .xlsx).' : `--format takes csv or xlsx; got “${option}”.`,
  );
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'Export the local inventory (as search selects it) to a CSV or XLSX file for Excel',
  usage: `export --format csv|xlsx --out FILE [--lang en|pt-BR] ${SEARCH_USAGE} [--json]`,
  help: `Writes every listing that the same search would show, in its order, with the headers and words
of --lang (default: the app's language, else the system's). CSV opens in Excel in that language:
pt-BR uses ; and decimal commas, en uses , and points; both are UTF-8 with a BOM. XLSX has typed
cells: numbers, prices in reais, dates. FILE is replaced only once the export is complete.
${SEARCH_HELP}`,
  options: { ...SEARCH_OPTIONS, format: { type: 'string' }, out: { type: 'string', short: 'o' } },
  positionals: { min: 0, max: 50, name: 'text' },
  async run(ctx, { positionals, values }) {
    const outOption = str(values.out);
    if (outOption === undefined || outOption.trim() === '') throw usageError('--out FILE is needed: where to write the export.');
    const file = resolve(outOption);
    const format = formatOf(str(values.format), file);
    const query = searchQuery(positionals.join(' '), values);
    const language = await cliLanguage(str(values.lang), ctx.env, ctx.dataDir);
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const started = Date.now();
    const stop = session.subscribe((event) => {
      if (event.type !== 'exportProgress') return;
      const { done, total } = event.progress;
      ctx.out.progress(
        `Export ${format.toUpperCase()} · ${formatNumber(done)}/${formatNumber(total)} listings · ${Math.round((Date.now() - started) / 1000)} s`,
      );
    });
    const result = await session.exportInventory({ format, file, language, query }).finally(stop);
    ctx.out.endProgress();
    if (ctx.json) ctx.out.json({ ...result, format, language });
    else
      ctx.out.line(
        `Exported ${formatNumber(result.rows)} listing${result.rows === 1 ? '' : 's'} to ${result.file} (${format.toUpperCase()}, ${language}, ${formatBytes(result.bytes)}).`,
      );
    return EXIT.ok;
  },
};
