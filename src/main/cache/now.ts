// The cache's clock as an SQL function, so that a filter whose meaning depends on the time (a
// listing's address missing for more than 45 minutes, shared/attention.ts) reads the same clock
// as the rest of the cache: frozen in tests, the system's otherwise. One per connection.
import type { Clock } from './clock';
import type { Db } from './db';

export const NOW_FUNCTION = 'showroom_now_ms';

export function registerNow(db: Db, clock: Clock): void {
  db.function(NOW_FUNCTION, { deterministic: false }, () => clock().getTime());
}
