// Disk use of the photo cache, kept in memory between the bookkeeping's writes: asking SQLite
// after every downloaded photo (a GROUP BY over every cached row) made a sync quadratic. Loaded
// from the table when first needed and again at the start of each sync pass, so that a change
// made elsewhere (the database replaced, rows deleted) cannot drift for long.
export interface StoredFiles {
  usage(): { bytes: number; files: number };
  /** A cached picture now uses `filePath`. */
  added(filePath: string, bytes: number): void;
  /** A cached picture no longer uses `filePath`. */
  removed(filePath: string): void;
  /** Forget what is known; the next question reloads it. */
  reset(): void;
}

export function trackStoredFiles(load: () => Array<{ filePath: string; bytes: number; refs: number }>): StoredFiles {
  let files: Map<string, { bytes: number; refs: number }> | null = null;
  let total = 0;
  const current = () => {
    if (files === null) {
      files = new Map();
      total = 0;
      for (const f of load()) {
        files.set(f.filePath, { bytes: f.bytes, refs: f.refs });
        total += f.bytes;
      }
    }
    return files;
  };
  return {
    usage() {
      const map = current();
      return { bytes: total, files: map.size };
    },
    // Not loaded yet: the table already says it, and loading will read it.
    added(filePath, bytes) {
      const map = files;
      if (map === null) return;
      const entry = map.get(filePath);
      if (entry) entry.refs++;
      else {
        map.set(filePath, { bytes, refs: 1 });
        total += bytes;
      }
    },
    removed(filePath) {
      const map = files;
      if (map === null) return;
      const entry = map.get(filePath);
      if (!entry) return;
      entry.refs--;
      if (entry.refs <= 0) {
        map.delete(filePath);
        total -= entry.bytes;
      }
    },
    reset() {
      files = null;
      total = 0;
    },
  };
}
