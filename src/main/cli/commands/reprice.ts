// reprice: a rule over the prices of the listings the search flags select (shared/reprice.ts), as
// the app's Reprice… dialog: the preview as a table (or --json), then saved as pending edits in one
// batch the next sync sends; --dry-run saves nothing. --batch says what became of a batch, --discard
// takes back what of it is not sent yet.
import { renderMessage, textsIn } from '../../../shared/i18n/messages';
import { parseAmount } from '../../../shared/listing-write';
import {
  INSTALLMENT_CHOICES,
  LIMITED_CODES,
  REASON_CODES,
  PENDING_CHOICES,
  parseRepriceBy,
  REPRICE_ROUNDINGS,
  type RepriceBatchView,
  type RepriceChange,
  type RepriceLine,
  type RepricePreviewView,
  type RepriceRuleInput,
} from '../../../shared/reprice';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command, type OptionValues } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, table, type Output } from '../io';
import { number, SEARCH_HELP, SEARCH_OPTIONS, SEARCH_USAGE, searchQuery } from '../search-flags';
import { usageError } from '../usage-error';

/** Lines of the preview's table before "… and N more" (--json has every one). */
const TABLE_LINES = 50;

function oneOf<T extends string>(values: OptionValues, name: string, choices: readonly T[]): T | undefined {
  const text = str(values[name]);
  if (text === undefined) return undefined;
  if (!(choices as readonly string[]).includes(text))
    throw usageError({ code: 'cli.takesValues', params: { option: name, values: choices.join(', '), value: text } });
  return text as T;
}

function changeOf(values: OptionValues): RepriceChange {
  const set = str(values.set);
  const by = str(values.by);
  if ((set === undefined) === (by === undefined)) throw usageError({ code: 'reprice.oneChange' });
  if (set !== undefined) {
    const amount = parseAmount(set);
    if (amount === null || amount <= 0) throw usageError({ code: 'reprice.setInvalid', params: { value: set } });
    return { kind: 'set', amount };
  }
  const change = parseRepriceBy(by as string);
  if (change === null) throw usageError({ code: 'reprice.byInvalid', params: { value: by as string } });
  return change;
}

function ruleOf(values: OptionValues): RepriceRuleInput {
  const round = oneOf(values, 'round', REPRICE_ROUNDINGS);
  const pending = oneOf(values, 'pending', PENDING_CHOICES);
  const installments = oneOf(values, 'installments', INSTALLMENT_CHOICES);
  const min = number(values, 'min');
  const max = number(values, 'max');
  return {
    change: changeOf(values),
    ...(round === undefined ? {} : { round }),
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...(pending === undefined ? {} : { pending }),
    ...(installments === undefined ? {} : { installments }),
  };
}

function printPreview(out: Output, language: UiLanguage, preview: RepricePreviewView, installments: 'keep' | 'clear'): void {
  const t = textsIn(language);
  const money = (n: number | null) => formatMoney(n, language);
  const note = (l: RepriceLine): string =>
    l.unchanged !== null
      ? t(REASON_CODES[l.unchanged])
      : [
          l.limited === null ? null : t(LIMITED_CODES[l.limited]),
          l.pendingPrice === null ? null : t('reprice.replacesPending', { price: money(l.pendingPrice) ?? '' }),
        ]
          .filter((s) => s !== null)
          .join('; ');
  const shown = preview.lines.slice(0, TABLE_LINES);
  if (shown.length > 0) {
    const lines = table(
      [t('cli.columnReference'), t('cli.columnTitle'), t('reprice.columnOld'), t('reprice.columnNew'), t('reprice.columnNote')],
      shown.map((l) => [l.reference, l.title, money(l.price), money(l.newPrice), note(l)]),
      new Set([2, 3]),
    );
    for (const line of lines) out.line(line);
  }
  const { summary } = preview;
  if (summary.total > shown.length) out.note(t('reprice.more', { count: summary.total - shown.length }));
  out.note(t('reprice.changed', { count: summary.changed }));
  out.note(t('reprice.totalChange', { amount: money(summary.totalChange) ?? '' }));
  const unchanged = summary.total - summary.changed;
  if (unchanged > 0) out.note(t('reprice.unchanged', { count: unchanged }));
  if (summary.replacing > 0) out.note(t('reprice.replacing', { count: summary.replacing }));
  if (summary.withInstallments > 0)
    out.note(t(installments === 'clear' ? 'reprice.installmentsCleared' : 'reprice.installmentsKept', { count: summary.withInstallments }));
}

function printBatch(out: Output, language: UiLanguage, view: RepriceBatchView): void {
  const t = textsIn(language);
  for (const r of view.refused)
    out.line(t('reprice.refusedLine', { reference: r.reference, message: r.error === null ? '' : renderMessage(language, r.error.code, r.error.params) }));
  out.note(t('reprice.batchStatus', { ...view, refused: view.refused.length }));
  if (view.edited > 0) out.note(t('reprice.batchEdited', { count: view.edited }));
  if (view.released > 0) out.note(t('reprice.batchReleased', { count: view.released }));
}

export const reprice: Command = {
  name: 'reprice',
  summary: 'cliHelp.repriceSummary',
  usage: `reprice (--set N | --by -5% | --by -500) [--round ${REPRICE_ROUNDINGS.join('|')}] [--min N] [--max N]
         [--pending ${PENDING_CHOICES.join('|')}] [--installments ${INSTALLMENT_CHOICES.join('|')}] [--dry-run] [--json]
         ${SEARCH_USAGE}
       reprice --batch BATCH | --discard BATCH [--json]`,
  help: [{ code: 'cliHelp.repriceHelp' }, SEARCH_HELP],
  options: {
    ...SEARCH_OPTIONS,
    set: { type: 'string' },
    by: { type: 'string' },
    round: { type: 'string' },
    min: { type: 'string' },
    max: { type: 'string' },
    pending: { type: 'string' },
    installments: { type: 'string' },
    'dry-run': { type: 'boolean' },
    batch: { type: 'string' },
    discard: { type: 'string' },
  },
  positionals: { min: 0, max: 50, name: 'text' },
  async run(ctx, { positionals, values }) {
    const batch = str(values.batch) ?? str(values.discard);
    if (batch !== undefined) {
      const { session } = await ctx.open(await ctx.account(str(values.account)));
      const view = str(values.discard) !== undefined ? await session.discardReprice(batch) : await session.repriceBatch(batch);
      if (ctx.json) ctx.out.json(view);
      else printBatch(ctx.out, await ctx.language(), view);
      return view.refused.length > 0 ? EXIT.refused : EXIT.ok;
    }
    const rule = ruleOf(values);
    const query = searchQuery(positionals.join(' '), values);
    const { window: _window, ...whole } = query;
    const scope = { query: whole };
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const dryRun = values['dry-run'] === true;
    const preview = await session.previewReprice(scope, rule, ctx.json ? 200_000 : TABLE_LINES);
    const language = await ctx.language();
    const t = textsIn(language);
    if (dryRun || preview.summary.changed === 0) {
      if (ctx.json) ctx.out.json({ dryRun, ...preview });
      else {
        printPreview(ctx.out, language, preview, rule.installments ?? 'keep');
        ctx.out.note(t(dryRun ? 'reprice.dryRun' : 'reprice.nothing'));
      }
      return EXIT.ok;
    }
    const saved = await session.confirmReprice(scope, rule);
    if (ctx.json) ctx.out.json({ dryRun, ...preview, summary: saved.summary, batch: saved.batch, saved: saved.saved });
    else {
      printPreview(ctx.out, language, { ...preview, summary: saved.summary }, rule.installments ?? 'keep');
      ctx.out.note(t('reprice.saved', { count: saved.saved, batch: saved.batch }));
    }
    return EXIT.ok;
  },
};
