// The portal writes the JWT's lifetime as a short duration text ("1d" in the documented example).
// The unit set is not specified, so accept the usual ones and say "unknown" for anything else.

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  sec: 1_000,
  secs: 1_000,
  second: 1_000,
  seconds: 1_000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
  weeks: 604_800_000,
};

/**
 * "1d" → 86 400 000; "12h", "30m", "45s", "1.5h", "2 days" likewise. A bare number is read as
 * seconds (the JWT convention). Returns undefined for text it cannot read, or for a non-positive
 * duration: the caller then relies on the JWT's own `exp` or on a 401.
 */
export function parseDurationMs(text: unknown): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? text * 1_000 : undefined;
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const factor = unit === '' ? 1_000 : UNIT_MS[unit];
  if (factor === undefined || !Number.isFinite(amount) || amount <= 0) return undefined;
  return amount * factor;
}
