// How the portal writes what its documentation leaves open (portal-notes.md). By default the sandbox
// answers as the notes describe; each switch makes it answer another way a portal built on the
// same libraries is known to, so that a test can show the client copes with it.
import { HttpError } from './errors';
import type { QueueJobInfo } from './types';

export interface DialectConfig {
  /** `x-status-queue` as the production documentation's example writes it. */
  queueHeader?: {
    /** `"messageType": "unpublish_vehicle"` instead of UNPUBLISH_VEHICLE. */
    messageTypeCase?: 'upper' | 'lower';
    /** A single job as an object instead of a one-element array. */
    singleAsObject?: boolean;
    /** Fields the notes do not list (the producer's own bookkeeping). */
    extraFields?: boolean;
    /** A timestamp that is not a date. */
    badTimestamp?: boolean;
  };
  /**
   * GET /publications/:reference of a listing off the portal answers 200 with no body (a NestJS
   * handler that returns null) instead of 404.
   */
  emptyBodyWhenUnpublished?: boolean;
  /**
   * Until its new link is ready (the url delay, up to 45 minutes), an edited listing shows the
   * link it had before the edit, not none: the link is "available or refreshed" that late.
   */
  staleUrlAfterEdit?: boolean;
  /** How the catalogue lists are written (their shape is not documented: read them defensively). */
  catalogue?: {
    /** Fields beyond `{ id, name }` on every item (the portal's own bookkeeping). */
    extraFields?: boolean;
    /** These lists answer 404, as a portal that does not have them would. */
    missing?: CatalogueList[];
    /** Each list ends with an item that has no name. */
    itemWithoutName?: boolean;
  };
}

export type CatalogueList = 'accessories' | 'otherinfo' | 'brands' | 'models' | 'trims';

/** The `x-status-queue` header's value for `jobs`, written the way the dialect says. */
export function queueHeaderValue(dialect: DialectConfig, jobs: QueueJobInfo[]): string {
  const style = dialect.queueHeader ?? {};
  const written = jobs.map((job) => ({
    ...job,
    messageType: style.messageTypeCase === 'lower' ? job.messageType.toLowerCase() : job.messageType,
    ...(style.badTimestamp ? { timestamp: 'not a date' } : {}),
    ...(style.extraFields ? { attempts: 0, producer: { name: 'integration-api', version: 2 } } : {}),
  }));
  return JSON.stringify(style.singleAsObject && written.length === 1 ? written[0] : written);
}

/** A catalogue list as the dialect writes it: `{ id, name }` items, or a 404 for a missing list. */
export function catalogueAnswer(dialect: DialectConfig, list: CatalogueList, items: readonly { id: number; name: string }[]): Array<Record<string, unknown>> {
  const style = dialect.catalogue ?? {};
  if (style.missing?.includes(list)) throw new HttpError(404, `Cannot GET ${list}`);
  const written: Array<Record<string, unknown>> = items.map((item) => ({
    id: item.id,
    name: item.name,
    ...(style.extraFields ? { slug: item.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), active: true, position: item.id } : {}),
  }));
  if (style.itemWithoutName) written.push({ id: 900_000 + written.length });
  return written;
}
