// SQLite's BINARY order in JS: the snapshot's facet values and the search index's vocabulary sort by it.

/** Code-point order, which is SQLite's BINARY order of the UTF-8 text (JS compares UTF-16 units). */
export function binaryCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
