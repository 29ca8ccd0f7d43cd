// One screen can fail several reads for one reason (a damaged cache fails the rows, the counts
// and the summary alike): the dealer is told once per distinct kind and message.

function identity(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { kind, message } = error as { kind?: unknown; message?: unknown };
    return `${String(kind)}|${String(message)}`;
  }
  return `|${String(error)}`;
}

export function distinctErrors(errors: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    if (error === null || error === undefined) return false;
    const key = identity(error);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
