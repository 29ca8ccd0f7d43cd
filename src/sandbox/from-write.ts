// A validated write body (write-shape.ts) turned into the vehicle the portal stores: catalogue ids
// resolved to names (an id the catalogue does not have is a logic error, 422), pictures fetched
// and hosted, and every field the body left out cleared, because PUT replaces all of a listing.
import { accessoriesFor, brandById, modelById, otherInfoById, trimById, type CatalogueBrand, type CatalogueModel, type CatalogueTrim } from './catalogue';
import { HttpError } from './errors';
import { photoUrl } from './generator';
import { answersWithImage } from './picture-fetch';
import { hash32 } from './random';
import type { StoredVehicle } from './store';
import type { NamedItem, PortalPicture, PortalVehicle } from './types';
import type { VehicleWrite } from './write-shape';

export interface ResolvedWrite {
  write: VehicleWrite;
  trim: CatalogueTrim;
  model: CatalogueModel;
  brand: CatalogueBrand;
  accessories: NamedItem[];
  otherInfos: NamedItem[];
}

/** Resolves the write's catalogue ids; throws 422 naming every id the catalogue does not have. */
export function resolveCatalogue(write: VehicleWrite): ResolvedWrite {
  const problems: string[] = [];
  const trim = trimById.get(write.trimId);
  const model = trim && modelById.get(trim.modelId);
  const brand = model && brandById.get(model.brandId);
  if (!trim || !model || !brand) problems.push(`trimId ${write.trimId} does not exist in the catalogue`);
  else if (brand.vehicleType !== write.type) problems.push(`trimId ${write.trimId} is a trim of type ${brand.vehicleType}, not ${write.type}`);
  const allowed = new Map(accessoriesFor(write.type).map((a) => [a.id, a]));
  const named = (ids: number[], table: ReadonlyMap<number, { id: number; name: string }>, field: string): NamedItem[] =>
    ids.flatMap((id) => {
      const item = table.get(id);
      if (item) return [{ id: item.id, name: item.name }];
      problems.push(`${field} ${id} does not exist in the catalogue${field === 'accessories' ? ` for type ${write.type}` : ''}`);
      return [];
    });
  const accessories = named(write.accessories, allowed, 'accessories');
  const otherInfos = named(write.otherInfos ?? [], otherInfoById, 'otherInfos');
  if (problems.length || !trim || !model || !brand) throw new HttpError(422, problems);
  return { write, trim, model, brand, accessories, otherInfos };
}

/** The stored vehicle a write makes, over `kept` (what the write does not carry: active, publication). */
export function vehicleFromWrite(
  r: ResolvedWrite,
  pictures: PortalPicture[],
  kept: Pick<PortalVehicle, 'active' | 'publication' | 'updatedAt'>,
): PortalVehicle {
  const w = r.write;
  return {
    fuel: w.fuel,
    gearbox: w.gearbox,
    color: w.color,
    type: w.type,
    title: w.title ?? null,
    description: w.description ?? '',
    reference: w.reference,
    licensePlate: w.licensePlate ?? '',
    document: w.document ?? '',
    mileage: w.mileage,
    brandNew: w.mileage === 0,
    doors: w.doors ?? 0,
    manufacturedYear: w.manufacturedYear,
    modelYear: w.modelYear ?? w.manufacturedYear,
    updatedAt: kept.updatedAt,
    value: w.value,
    amountPerInstallment: w.amountPerInstallment,
    amountOfInstallments: w.amountOfInstallments,
    deposit: w.deposit,
    accessories: r.accessories,
    active: kept.active,
    trim: { id: r.trim.id, name: r.trim.name, modelId: r.model.id },
    brand: { id: r.brand.id, name: r.brand.name, vehicleType: r.brand.vehicleType },
    pictures,
    publication: kept.publication,
    otherInfos: r.otherInfos,
  };
}

/** A stored listing written back in the write shape, as the dealer's other software would hold it. */
export function writeOf(sv: StoredVehicle): VehicleWrite {
  const v = sv.vehicle;
  const type = v.type === 'M' ? 'M' : 'C';
  return {
    reference: v.reference,
    type,
    trimId: v.trim.id,
    color: v.color,
    gearbox: v.gearbox,
    fuel: v.fuel,
    ...(type === 'C' ? { doors: v.doors } : {}),
    mileage: v.mileage,
    ...(v.licensePlate ? { licensePlate: v.licensePlate } : {}),
    ...(v.document ? { document: v.document } : {}),
    manufacturedYear: v.manufacturedYear,
    modelYear: v.modelYear,
    value: v.value,
    deposit: v.deposit,
    amountPerInstallment: v.amountPerInstallment,
    amountOfInstallments: v.amountOfInstallments,
    accessories: v.accessories.map((a) => a.id),
    otherInfos: v.otherInfos.map((o) => o.id),
    pictures: v.pictures.map((p) => p.originalUrl),
    ...(v.title !== null ? { title: v.title } : {}),
    ...(v.description ? { description: v.description } : {}),
    ...(sv.videoUrl !== undefined ? { videoUrl: sv.videoUrl } : {}),
  };
}

/**
 * Fetches each address and hosts those that answer with an image, in the order sent (`order` =
 * position, so a dropped one leaves a gap). A photo the portal already hosts keeps its hosted
 * address: an address of its own photo host, or one this listing was sent before.
 */
export async function hostPictures(sources: readonly string[], current: readonly PortalPicture[], origin: string): Promise<PortalPicture[]> {
  const known = new Map(current.map((p) => [p.originalUrl, p.source]));
  const ownPrefix = `${origin}/photos/`;
  const answers = await Promise.all(sources.map((s) => answersWithImage(s)));
  return sources.flatMap((originalUrl, i) => {
    if (!answers[i]) return [];
    const source = originalUrl.startsWith(ownPrefix)
      ? originalUrl
      : (known.get(originalUrl) ?? photoUrl(origin, `u${hash32(originalUrl).toString(36)}${hash32(`~${originalUrl}`).toString(36)}`));
    return [{ originalUrl, order: i + 1, source }];
  });
}
