// show <reference>: one listing in full, from the local inventory (offline): every field, its
// publication and history, problems, and its photos with their cache state.
import type { PublicationAction, VehicleDetailView } from '../../../shared/views';
import type { VehicleField } from '../../../shared/vehicle';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber } from '../io';

/** Every field of a vehicle, in the order a dealer reads them. */
const LABELS: Record<VehicleField, string> = {
  reference: 'Reference',
  title: 'Title',
  description: 'Description',
  brand: 'Brand',
  trim: 'Trim',
  type: 'Type',
  fuel: 'Fuel',
  gearbox: 'Gearbox',
  color: 'Color',
  manufacturedYear: 'Manufactured',
  modelYear: 'Model year',
  value: 'Price',
  mileage: 'Mileage',
  brandNew: 'New',
  doors: 'Doors',
  licensePlate: 'Plate',
  document: 'Document',
  amountPerInstallment: 'Installment',
  amountOfInstallments: 'Installments',
  deposit: 'Deposit',
  accessories: 'Accessories',
  otherInfos: 'Other info',
  active: 'Active',
  publication: 'Publication',
  pictures: 'Pictures',
  updatedAt: 'Updated',
  url: 'Listing page',
};

function fieldText(field: VehicleField, view: VehicleDetailView): string | null {
  const v = view.vehicle;
  switch (field) {
    case 'value':
    case 'amountPerInstallment':
    case 'deposit':
      return formatMoney(v[field]);
    case 'mileage':
      return v.mileage == null ? null : `${formatNumber(v.mileage)} km`;
    case 'brand':
      return v.brand ? `${v.brand.name} (${v.brand.vehicleType})` : null;
    case 'trim':
      return v.trim?.name ?? null;
    case 'accessories':
    case 'otherInfos':
      return v[field]?.map((a) => a.name).join(', ') || null;
    case 'brandNew':
    case 'active':
      return v[field] == null ? null : v[field] ? 'yes' : 'no';
    case 'pictures':
      return v.pictures ? `${v.pictures.length}` : null;
    case 'publication':
      return null; // its own section
    default: {
      const value = v[field];
      return value == null ? null : String(value);
    }
  }
}

/** The request's name in the lines below. */
const ACTION_TEXT: Record<PublicationAction, string> = {
  unpublish: 'unpublish',
  publish: 'publish again',
  highlight: 'highlight',
  unhighlight: 'highlight removal',
};

function publicationText(view: VehicleDetailView): string {
  const p = view.publication;
  const why = { unpublished_here: 'unpublished from Showroom', dropped_by_portal: 'dropped by the portal (plan limit)', unknown: 'reason unknown' }[
    p.notOnPortalReason ?? 'unknown'
  ];
  const base = p.onPortal ? `on the portal${p.highlighted ? ', highlighted' : ''}` : `not on the portal (${why})`;
  const r = p.request;
  if (r === null) return base;
  const action = ACTION_TEXT[r.action];
  if (r.status === 'queued') return `${base}; ${action} queued since ${r.requestedAt ?? '?'} (sent at the next sync)`;
  if (r.status === 'pending') return `${base}; ${action} sent ${r.requestedAt ?? '?'}, waiting for the portal to confirm`;
  if (r.status === 'not_applied') return `${base}; ${action} sent ${r.requestedAt ?? '?'}, accepted by the portal but not applied: send it again`;
  return `${base}; the portal refused the ${action}: ${r.message ?? ''}`;
}

export const show: Command = {
  name: 'show',
  summary: 'Show one listing in full (works offline)',
  usage: 'show <reference> [--json]',
  positionals: { min: 1, max: 1, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const [reference = ''] = positionals; // exactly one (positionals.min above)
    // Offline by design: the command line shows what the cache has, it fetches no photos.
    const view = await session.vehicle(reference, { fetchPhotos: false });
    if (ctx.json) {
      ctx.out.json(view);
      return EXIT.ok;
    }
    const raw = view.raw !== null && typeof view.raw === 'object' ? (view.raw as Record<string, unknown>) : {};
    const problemOf = new Map(view.problems.map((p) => [p.field, p.message]));
    const width = Math.max(...Object.values(LABELS).map((l) => l.length)) + 2;
    const row = (label: string, text: string) => ctx.out.line(`${`${label}:`.padEnd(width)}${text}`);
    for (const field of Object.keys(LABELS) as VehicleField[]) {
      if (field === 'publication' || field === 'pictures') continue;
      const problem = problemOf.get(field);
      const text = fieldText(field, view) ?? (problem && raw[field] !== undefined ? JSON.stringify(raw[field]) : '—');
      row(LABELS[field], field === 'description' ? text.replace(/\s*\n\s*/g, ' ⏎ ') : text);
      if (problem) row('', `⚠ ${problem}`);
    }
    row('On portal', publicationText(view));
    row('Last read', view.syncedAt ?? '—');
    if (view.problems.some((p) => p.field === '(root)')) for (const p of view.problems.filter((x) => x.field === '(root)')) row('Problem', p.message);

    ctx.out.line();
    ctx.out.line(`History (${view.history.length}):`);
    for (const e of view.history)
      ctx.out.line(`  ${e.at}  ${e.change}${e.cause ? ` (${e.cause})` : ''}${e.by ? ` [by ${e.by}]` : ''}${e.message ? `: ${e.message}` : ''}`);

    ctx.out.line();
    ctx.out.line(
      `Photos (${view.photos.length}${view.rejectedPositions.length ? `, rejected by the portal at position ${view.rejectedPositions.join(', ')}` : ''}):`,
    );
    for (const p of view.photos)
      ctx.out.line(`  ${String(p.order).padStart(2)}  ${p.cache.padEnd(10)}  ${p.source}${p.cacheError ? `  (${p.cacheError})` : ''}`);
    if (view.rejectedPositions.length) ctx.out.line('  The portal rejected some photos: send all the photos of this listing again to fix it.');
    if (view.problems.length) ctx.out.note(`${view.problems.length} problem(s) with this listing's data (marked ⚠).`);
    return EXIT.ok;
  },
};
