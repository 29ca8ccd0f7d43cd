// The inventory screen's and the CLI's reads: a window of rows with the total, and one listing in full.
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import {
  DEFAULT_SORT, DEFAULT_WINDOW, inventoryQuerySchema,
  type InventoryQuery, type PhotoStatus, type PublicationCause, type VehicleDetail, type VehicleQueryResult,
} from '../../shared/inventory';
import { parseVehicle, picturesInOrder, rejectedPicturePositions, type VehicleProblem } from '../../shared/vehicle';
import type { Db } from './db';
import { orderBy, textCondition, whereClause, type SqlValue } from './filters';
import { ROW_FROM, ROW_SELECT, toVehicleRow, type DbVehicleRow } from './rows';
import type { StatementCache } from './statements';

/** Validates a query from the renderer or the CLI; a bad one is the caller's mistake, said plainly. */
export function parseInventoryQuery(input: unknown): InventoryQuery {
  const result = inventoryQuerySchema.safeParse(input ?? {});
  if (!result.success) {
    throw new AppError('bad_input', 'This inventory query is not valid.', { issues: z.prettifyError(result.error) });
  }
  return result.data;
}

interface DbDetail extends DbVehicleRow {
  id: number;
  raw: string;
  problems: string;
  first_seen_run: number | null;
  last_seen_run: number | null;
}

interface DbEvent {
  at: string;
  from_published: number;
  from_highlighted: number;
  to_published: number;
  to_highlighted: number;
  cause: PublicationCause;
  sync_run_id: number | null;
}

interface DbPhoto {
  id: number;
  source_url: string;
  status: PhotoStatus;
  last_error: string | null;
}

// A text matching more than this share of the stock is "dense": walk an index and probe the matches.
const DENSE_SHARE = 0.05;
const DENSE_MIN = 2000;

export type InventoryQueries = ReturnType<typeof createInventoryQueries>;

export function createInventoryQueries(db: Db, statement: StatementCache) {
  const detail = db.prepare<[string], DbDetail>(
    `SELECT ${ROW_SELECT}, v.id, v.first_seen_run, v.last_seen_run, j.raw, j.problems
       FROM ${ROW_FROM} JOIN vehicle_json j ON j.vehicle_id = v.id WHERE v.reference = ?`,
  );
  const history = db.prepare<[string], DbEvent>(
    `SELECT at, from_published, from_highlighted, to_published, to_highlighted, cause, sync_run_id
       FROM publication_events WHERE reference = ? ORDER BY at, id`,
  );
  const photoBySource = db.prepare<[string], DbPhoto>('SELECT id, source_url, status, last_error FROM photos WHERE source_url = ?');

  const vehicleCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM vehicles');

  /** Matches of the text alone, counted in the index without visiting a vehicle row. */
  function textMatches(text: string | undefined): number | null {
    const condition = textCondition(text);
    if (condition === null) return null;
    return (statement('SELECT count(*) AS n FROM vehicles_fts WHERE vehicles_fts MATCH ?').get(...condition.params) as { n: number }).n;
  }

  interface Plan {
    /** Known without running countSql (text alone, or no match at all). */
    total: number | null;
    countSql: string;
    rowsSql: string;
    params: SqlValue[];
  }

  /** The statements a query runs; the text's density picks how its matches meet the table. */
  function plan(query: InventoryQuery): Plan {
    const textTotal = textMatches(query.text);
    const hasFilters = whereClause({ filters: query.filters }).sql !== '';
    const dense = textTotal !== null && textTotal > Math.max(DENSE_MIN, (vehicleCount.get()?.n ?? 0) * DENSE_SHARE);
    const where = whereClause(query, undefined, dense ? 'probe' : 'lookup');
    return {
      total: textTotal !== null && (!hasFilters || textTotal === 0) ? textTotal : null,
      countSql: `SELECT count(*) AS n FROM vehicles v ${where.sql}`,
      rowsSql: `SELECT ${ROW_SELECT} FROM ${ROW_FROM} ${where.sql} ORDER BY ${orderBy(query.sort ?? DEFAULT_SORT)} LIMIT ? OFFSET ?`,
      params: where.params,
    };
  }

  function count(p: Plan): number {
    return p.total ?? (statement(p.countSql).get(...p.params) as { n: number }).n;
  }

  const explain = (sql: string, params: unknown[]): string[] =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);

  return {
    queryVehicles(input: InventoryQuery): VehicleQueryResult {
      const query = parseInventoryQuery(input);
      const window = query.window ?? DEFAULT_WINDOW;
      const p = plan(query);
      const total = count(p);
      if (window.limit === 0 || window.offset >= total) return { total, rows: [] };
      const rows = statement(p.rowsSql).all(...p.params, window.limit, window.offset) as DbVehicleRow[];
      return { total, rows: rows.map(toVehicleRow) };
    },

    /** SQLite's plan for a query's statements (diagnostics, and the tests that keep hot queries on indexes). */
    explainQuery(input: InventoryQuery): { count: string[] | null; rows: string[] } {
      const query = parseInventoryQuery(input);
      const p = plan(query);
      const window = query.window ?? DEFAULT_WINDOW;
      return { count: p.total === null ? explain(p.countSql, p.params) : null, rows: explain(p.rowsSql, [...p.params, window.limit, window.offset]) };
    },

    countVehicles(input: InventoryQuery): number {
      return count(plan(parseInventoryQuery(input)));
    },

    getVehicle(reference: string): VehicleDetail | null {
      const r = detail.get(reference);
      if (r === undefined) return null;
      let raw: unknown;
      try {
        raw = JSON.parse(r.raw);
      } catch {
        raw = undefined; // kept verbatim; the problems stored at ingest already say what was wrong
      }
      const parsed = parseVehicle(raw);
      const pictures = picturesInOrder(parsed.vehicle.pictures);
      return {
        reference: r.reference,
        raw: r.raw,
        vehicle: parsed.vehicle,
        problems: JSON.parse(r.problems) as VehicleProblem[],
        row: toVehicleRow(r),
        rejectedPhotoPositions: rejectedPicturePositions(parsed.vehicle.pictures),
        photos: pictures.map((p) => {
          const photo = photoBySource.get(p.source);
          return {
            order: p.order,
            source: p.source,
            originalUrl: p.originalUrl,
            photoId: photo?.id ?? null,
            status: photo?.status ?? null,
            lastError: photo?.last_error ?? null,
          };
        }),
        publicationHistory: history.all(reference).map((e) => ({
          at: e.at,
          from: { published: e.from_published === 1, highlighted: e.from_highlighted === 1 },
          to: { published: e.to_published === 1, highlighted: e.to_highlighted === 1 },
          cause: e.cause,
          syncRunId: e.sync_run_id,
        })),
        firstSeenRunId: r.first_seen_run,
        lastSeenRunId: r.last_seen_run,
      };
    },
  };
}
