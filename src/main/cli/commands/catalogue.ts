// catalogue: the portal's catalogue as mirrored for the edit form (offline), one line per list;
// --refresh reads it from the portal first; --json gives every list with its items.
import { catalogueList, type CatalogueListName, type CatalogueListState, type CatalogueListView, type CatalogueView } from '../../../shared/catalogue';
import { enumLabel } from '../../../shared/i18n/enums';
import { textsIn, type MessageCode } from '../../../shared/i18n/messages';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { table } from '../io';

export const catalogue: Command = {
  name: 'catalogue',
  summary: 'cliHelp.catalogueSummary',
  usage: 'catalogue [--refresh] [--json]',
  help: [{ code: 'cliHelp.catalogueHelp' }],
  options: { refresh: { type: 'boolean' } },
  async run(ctx, { values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const view = values.refresh === true ? await session.refreshCatalogue({}) : await session.catalogue();
    if (ctx.json) {
      ctx.out.json(view);
      return EXIT.ok;
    }
    for (const line of catalogueLines(await ctx.language(), view)) ctx.out.line(line);
    return EXIT.ok;
  },
};

const LIST_CODES = {
  accessories: 'cli.catalogueListAccessories',
  otherInfos: 'cli.catalogueListOtherInfos',
  brands: 'cli.catalogueListBrands',
  models: 'cli.catalogueListModels',
  trims: 'cli.catalogueListTrims',
} as const satisfies Record<CatalogueListName, MessageCode>;

const STATE_CODES = {
  ok: 'cli.catalogueStateOk',
  missing: 'cli.catalogueStateMissing',
  failed: 'cli.catalogueStateFailed',
} as const satisfies Record<CatalogueListState, MessageCode>;

/** What a list belongs to, in words: a vehicle type, a brand's name, a model's name (by id when not mirrored). */
function parentName(language: UiLanguage, view: CatalogueView, l: CatalogueListView): string | null {
  if (l.list === 'accessories' || l.list === 'brands') return enumLabel(language, 'type', l.parent);
  const id = Number(l.parent);
  const named = (lists: CatalogueListView[]) => lists.flatMap((x) => x.items).find((item) => item.id === id)?.name;
  if (l.list === 'models') return named(['C', 'M'].flatMap((type) => catalogueList(view, 'brands', type) ?? [])) ?? l.parent;
  if (l.list === 'trims') return named(view.lists.filter((x) => x.list === 'models')) ?? l.parent;
  return null;
}

export function catalogueLines(language: UiLanguage, view: CatalogueView): string[] {
  const t = textsIn(language);
  const n = new Intl.NumberFormat(language);
  const head = view.readAt === null ? t('cli.catalogueNever') : t('cli.catalogueReadAt', { at: view.readAt });
  if (view.lists.length === 0) return [head];
  return [
    head,
    ...table(
      [
        t('cli.catalogueList'),
        t('cli.catalogueFor'),
        t('cli.catalogueItems'),
        t('cli.catalogueSkipped'),
        t('cli.catalogueState'),
        t('cli.catalogueReadColumn'),
      ],
      view.lists.map((l) => [
        t(LIST_CODES[l.list]),
        parentName(language, view, l),
        n.format(l.items.length),
        n.format(l.skipped),
        t(STATE_CODES[l.state]),
        l.readAt,
      ]),
      new Set([2, 3]),
    ),
  ];
}
