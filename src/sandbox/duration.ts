// Duration texts as the portal writes them: "30s", "15m", "2h", "1d", "1w" (also "500ms").

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/i.exec(text);
  if (!match) throw new Error(`invalid duration "${text}": expected a number and a unit (ms, s, m, h, d, w), e.g. "1d"`);
  const unit = UNITS[(match[2] ?? '').toLowerCase()] ?? 0;
  const ms = Number(match[1]) * unit;
  if (!(ms > 0)) throw new Error(`invalid duration "${text}": must be positive`);
  return ms;
}

/** A duration given as text ("1d") or as milliseconds. */
export type DurationInput = string | number;

export function durationMs(input: DurationInput): number {
  if (typeof input === 'number') {
    if (!(input > 0) || !Number.isFinite(input)) throw new Error(`invalid duration ${input}: must be a positive number of ms`);
    return input;
  }
  return parseDuration(input);
}
