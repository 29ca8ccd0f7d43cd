// What the four publication kinds share: no payload (the listing's reference says it all), and
// a read of the listing's publication confirms them.
import { z } from 'zod';

/** A publication request asks nothing beyond its listing. */
export const noPayload = z.object({}).strict();
export type NoPayload = z.infer<typeof noPayload>;

/** Publish, highlight and unhighlight replace each other; an unpublish keeps a slot of its own. */
export const PUBLICATION_SLOT = 'publication';
