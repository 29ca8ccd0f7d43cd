// Small files that must never be left half-written (the account list, settings, app state).
import { randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/** Writes `data` to `file` so that a crash leaves the old file or the new one, never half of one. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await ensurePrivateDir(dirname(file));
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  // Make the rename itself durable (not supported everywhere: best effort).
  try {
    const dir = await open(dirname(file), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* ignore */
  }
}
