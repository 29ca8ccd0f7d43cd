// What may cross the bridge as a call's input: plain objects, arrays and primitives, as JSON has.
// Both transports keep more (Electron's structured clone and the browser shell's devalue carry
// Maps, Sets, Dates, RegExps), and zod's object schemas take any object: a Map would be read as
// `{}` with the schema's defaults. The gate refuses such input before the schema sees it.

/** How deep a call's input may nest (the contract's go a few levels). */
const MAX_DEPTH = 32;

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The path to the first value in `input` that is not plain data (a Map, Set, Date, RegExp, typed
 * array, any class instance, a cycle, or nesting beyond MAX_DEPTH); null when it is all plain.
 */
export function notPlainDataAt(input: unknown): string[] | null {
  const ancestors = new Set<object>();
  const walk = (value: unknown, path: string[]): string[] | null => {
    if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? path : null;
    const isArray = Array.isArray(value);
    if (!(isArray ? Object.getPrototypeOf(value) === Array.prototype : isPlainObject(value))) return path;
    if (ancestors.has(value) || path.length >= MAX_DEPTH) return path;
    ancestors.add(value);
    for (const [key, child] of Object.entries(value)) {
      const found = walk(child, [...path, key]);
      if (found) return found;
    }
    ancestors.delete(value);
    return null;
  };
  return walk(input, []);
}
