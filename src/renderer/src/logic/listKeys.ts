// Keyboard movement in the inventory list: where the active row goes for a key, or null when the
// key does not move it.

export function nextRowIndex(key: string, current: number, total: number, pageRows: number): number | null {
  if (total <= 0) return null;
  const last = total - 1;
  const from = current < 0 ? -1 : Math.min(current, last);
  const clamp = (i: number) => Math.max(0, Math.min(last, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(from + 1);
    case 'ArrowUp':
      return clamp(from < 0 ? 0 : from - 1);
    case 'PageDown':
      return clamp(from + Math.max(1, pageRows));
    case 'PageUp':
      return clamp(from - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
