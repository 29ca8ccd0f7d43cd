#!/usr/bin/env node
// The command line's build: src/main/cli bundled with its pure-JavaScript dependencies into one
// ES module, out/cli/index.mjs, which plain Node runs (bin/showroom.mjs; the installed packages run
// it from resources/app.asar.unpacked, where Node can read it). The two native addons stay outside:
// Node loads them from node_modules (unpacked from the app's archive, see electron-builder.ts).
//   node scripts/build-cli.mjs [--outdir out/cli]
/* global process, console -- a Node script */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--outdir');
const outdir = outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'out/cli');

const result = await build({
  absWorkingDir: root,
  // The account session's worker thread beside it (account-session/host.ts finds it there).
  entryPoints: { index: 'src/main/cli/index.ts', 'account-session-worker': 'src/main/account-session/worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the command line accepts (bin/showroom.mjs checks it).
  target: 'node22.12',
  external: ['better-sqlite3', 'keytar'],
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __showroomRequire } from 'node:module'; const require = __showroomRequire(import.meta.url);" },
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`command line: ${join(outdir, 'index.mjs')} (${Math.round(bytes / 1024)} KiB)`);
