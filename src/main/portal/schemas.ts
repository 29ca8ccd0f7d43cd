// Envelopes the portal wraps its data in. Everything from the portal is `unknown` until one of
// these (or parseVehicle / planSchema from src/shared) has parsed it.
import { z } from 'zod';
import { publicationSchema } from '../../shared/vehicle';

const count = z.number().int().nonnegative();

/** `meta` of the nestjs-paginate envelope (portal-api-v2.md, "Pagination envelope"). */
export const pageMetaSchema = z
  .object({
    itemsPerPage: count,
    totalItems: count,
    currentPage: count,
    totalPages: count,
    // nestjs-paginate leaves sortBy out when no order applies.
    sortBy: z
      .array(z.tuple([z.string(), z.string()]))
      .optional()
      .default([]),
  })
  .loose();

export const pageEnvelopeSchema = z
  .object({
    data: z.array(z.unknown()),
    meta: pageMetaSchema,
    links: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

export type PageMeta = z.infer<typeof pageMetaSchema>;

/** GET /publications/:reference: the vehicle's `publication` object, with the reference beside it. */
export const publicationReadSchema = publicationSchema.extend({ reference: z.string().optional() });

/** zod issues as short lines for `detail` (paths and messages only, never values). */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
}
