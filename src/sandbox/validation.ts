// The value lists and input limits of portal-notes.md ("Values"), shared by the sandbox's checks of
// write bodies (write-shape.ts), and the body of PUT /publications/:reference.

export const FUELS = ['ETHANOL', 'GASOLINE', 'DIESEL', 'FLEX', 'GNV+ETHANOL', 'GNV+GASOLINE', 'GNV+FLEX', 'HYBRID', 'ELETRIC', 'GNV'];
export const GEARBOXES = ['AUTOMATIC', 'MANUAL'];
export const COLORS = [
  'BLACK',
  'RED',
  'SILVER',
  'GREEN',
  'YELLOW',
  'BLUE',
  'METALLIC_WHITE',
  'GREY',
  'LEAD',
  'BEIGE',
  'ORANGE',
  'BURGUNDY',
  'BROWN',
  'GOLDEN',
  'PURPLE',
  'PINK',
  'MULTICOLORED',
  'OTHER',
  'WINE',
  'PEARL_WHITE',
  'CHAMPAGNE',
  'BRONZE',
];
export const TYPES = ['C', 'M'] as const;

export const INPUT_LIMITS = { referenceMax: 90, titleMax: 100, descriptionMax: 4000, picturesMin: 1, picturesMax: 16, documentMax: 20 } as const;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The body of PUT /publications/:reference: `{ highlighted: boolean }` (class-validator messages, 400). */
export function validatePublicationWrite(body: unknown): { ok: true; highlighted: boolean } | { ok: false; messages: string[] } {
  if (!isRecord(body)) return { ok: false, messages: ['body must be a JSON object'] };
  const value = body.highlighted;
  if (value === undefined || value === null) return { ok: false, messages: ['highlighted should not be empty', 'highlighted must be a boolean value'] };
  if (typeof value !== 'boolean') return { ok: false, messages: ['highlighted must be a boolean value'] };
  return { ok: true, highlighted: value };
}
