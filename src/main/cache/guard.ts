// Every call into the cache answers SQLite's failures the dealer's way (db.ts toDatabaseError):
// a page found damaged halfway through a search or a sync's commit is "the local copy is damaged,
// rebuild it", never "Something went wrong" — the same as at open.
import { toDatabaseError } from './db';

type Fn = (...args: never[]) => unknown;

const hasMethods = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).some((v) => typeof v === 'function');

/**
 * `target` with each of its methods mapping thrown errors; an object of methods a method returns
 * (a sync pass from `passes.begin`) is guarded the same way. Getters are kept as getters.
 */
export function guarded<T extends object>(target: T, file: string): T {
  const out = {} as Record<string, unknown>;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
    const value: unknown = descriptor.value;
    if (typeof value !== 'function') {
      Object.defineProperty(out, key, descriptor);
      continue;
    }
    const fn = value as Fn;
    out[key] = (...args: never[]) => {
      try {
        const result = fn.apply(target, args);
        return hasMethods(result) ? guarded(result, file) : result;
      } catch (error) {
        throw toDatabaseError(error, file);
      }
    };
  }
  return out as T;
}
