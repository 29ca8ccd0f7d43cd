// Schema 5, frozen: the search text of a stored listing as the app wrote it when schema 5 shipped.
// A copy, on purpose, of what parseVehicle (shared/vehicle.ts) and searchText (cache/extract.ts)
// did then, reduced to the fields the text uses: those may change, this step must not (an old
// file upgraded next year must get the index it would have got today). Never edit; add a step.
import type Database from 'better-sqlite3';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';

/** { id: number, name: string, … } */
const isNamed = (v: unknown): v is { id: number; name: string } => isObject(v) && isNumber(v.id) && isString(v.name);
/** A list of named items, every one of them valid (one bad item dropped the whole field). */
const namedList = (v: unknown): Array<{ name: string }> => (Array.isArray(v) && v.every(isNamed) ? v : []);
const string = (v: unknown): string => (isString(v) ? v : '');

/** FNV-1a of the JSON text: the stand-in key of a listing without a usable reference. */
function stableHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function plateWords(plate: string): string {
  const compact = plate.replace(/[^0-9a-z]/gi, '').toUpperCase();
  const brazilian = /^([A-Z]{3})([0-9][0-9A-Z]{3})$/.exec(compact);
  return brazilian ? `${compact} ${brazilian[1]} ${brazilian[2]}` : compact;
}

/** The one document the index holds for a listing, from its stored JSON text. */
export function searchDocument(raw: string): string {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = raw;
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- JSON.stringify gives undefined for undefined (lib.d.ts says string); frozen code, kept as shipped
  if (!isObject(json)) return ['', '', `(no reference) ${stableHash(JSON.stringify(json) ?? String(json))}`, '', ''].join('\n');
  const reference = isString(json.reference) && json.reference.length > 0 ? json.reference : `(no reference) ${stableHash(JSON.stringify(json))}`;
  const brand = isObject(json.brand) && isNumber(json.brand.id) && isString(json.brand.name) && isString(json.brand.vehicleType) ? json.brand.name : '';
  const trim = isObject(json.trim) && isNumber(json.trim.id) && isString(json.trim.name) && isNumber(json.trim.modelId) ? json.trim.name : '';
  const parts = [string(json.title), string(json.description), reference, brand, trim];
  const plate = string(json.licensePlate);
  if (plate !== '') parts.push(plate, plateWords(plate));
  for (const item of namedList(json.accessories)) parts.push(item.name);
  for (const item of namedList(json.otherInfos)) parts.push(item.name);
  return parts.join('\n');
}

export function up(db: Database.Database): void {
  // Same tokenizer and prefixes; one column instead of eight (nothing searched a column
  // alone, detail=none keeps no column data anyway): a full sync indexes faster (docs/measurements.md).
  // The text is derived, so it is rebuilt from each listing's raw JSON. Segments merge 8 at a
  // time rather than 4: a full sync rewrites its terms fewer times, and a search reads a few
  // more segments, which measures the same (bench/cache-search.ts).
  // The text as shipped, indentation included: SQLite keeps it verbatim in sqlite_master.
  db.exec(`
        DROP TABLE vehicles_fts;
        CREATE VIRTUAL TABLE vehicles_fts USING fts5(
          doc, content = '', contentless_delete = 1, detail = none,
          tokenize = "unicode61 remove_diacritics 2", prefix = '2 3'
        );
        INSERT INTO vehicles_fts (vehicles_fts, rank) VALUES ('automerge', 8);
      `);
  const insert = db.prepare('INSERT INTO vehicles_fts (rowid, doc) VALUES (?, ?)');
  const read = db.prepare<[number], { id: number; raw: string }>(
    'SELECT vehicle_id AS id, raw FROM vehicle_json WHERE vehicle_id > ? ORDER BY vehicle_id LIMIT 1000',
  );
  for (let after = 0, batch = read.all(after); batch.length > 0; batch = read.all(after)) {
    for (const row of batch) insert.run(row.id, searchDocument(row.raw));
    after = batch[batch.length - 1]?.id ?? after;
  }
}
