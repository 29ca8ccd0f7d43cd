// Where the Electron binary is, found the way node_modules/electron/index.js finds it — without
// requiring that file, which downloads the binary when it is missing. One rule for the launch
// suite (scripts/electron-suite.mjs, test/electron) and `npm start` (scripts/start.mjs).
// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The installed Electron binary under `root`, or undefined.
 * @param {string} root
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | undefined}
 */
export function electronBinary(root, env = process.env) {
  const pkg = join(root, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist'), readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
