// The production portal's catalogue lists (portal-notes.md, "Other endpoints"): accessories and
// brands per vehicle type (`?type=C|M`, required), the seller options ("otherinfo"), a brand's
// models and a model's trims; each a plain array of `{ id, name }`. Served from catalogue.ts, the
// same tables the seeded stock is generated from, so every seeded id is listed. The dialect can add
// fields, drop a list (404) or add an item without a name (dialect.ts, `catalogue`).
import type { FastifyInstance } from 'fastify';
import { accessoriesFor, brandById, LISTED_BRANDS, LISTED_MODELS, modelById, OTHER_INFOS, trimsByModel } from '../catalogue';
import type { SandboxContext } from '../context';
import { catalogueAnswer, type CatalogueList } from '../dialect';
import { HttpError } from '../errors';
import { TYPES } from '../validation';

type TypeQuery = { Querystring: { type?: string } };

function typeOf(query: { type?: string }): 'C' | 'M' {
  const type = query.type;
  if (type === 'C' || type === 'M') return type;
  throw new HttpError(400, [`type must be one of the following values: ${TYPES.join(', ')}`]);
}

/** An id path parameter, as NestJS's ParseIntPipe takes it. */
function idOf(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new HttpError(400, 'Validation failed (numeric string is expected)');
  return Number(raw);
}

export function catalogueRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const answer = (list: CatalogueList, items: readonly { id: number; name: string }[]) => catalogueAnswer(ctx.dialect, list, items);

  app.get<TypeQuery>('/vehicles/accessories', async (request) => answer('accessories', accessoriesFor(typeOf(request.query))));
  app.get('/vehicles/otherinfo', async () => answer('otherinfo', OTHER_INFOS));
  app.get<TypeQuery>('/vehicles/brands', async (request) => {
    const type = typeOf(request.query);
    return answer(
      'brands',
      LISTED_BRANDS.filter((b) => b.vehicleType === type),
    );
  });
  app.get<{ Params: { brandId: string } }>('/vehicles/brands/:brandId/models', async (request) => {
    const brandId = idOf(request.params.brandId);
    if (!brandById.has(brandId)) throw new HttpError(404, `Brand ${brandId} not found`);
    return answer(
      'models',
      LISTED_MODELS.filter((m) => m.brandId === brandId),
    );
  });
  app.get<{ Params: { modelId: string } }>('/vehicles/models/:modelId/trims', async (request) => {
    const modelId = idOf(request.params.modelId);
    if (!modelById.has(modelId)) throw new HttpError(404, `Model ${modelId} not found`);
    return answer('trims', trimsByModel.get(modelId) ?? []);
  });
}
