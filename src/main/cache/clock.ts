// Time is injected so tests can freeze it; the cache stores ISO-8601 UTC text.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoNow(clock: Clock): string {
  return clock().toISOString();
}
