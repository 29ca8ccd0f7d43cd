#!/usr/bin/env node
// `showroom`: the headless command line (src/main/cli), compiled by `npm run build` into
// out/cli/index.mjs (scripts/build-cli.mjs). It needs no development tools: the installed packages
// ship this file and the compiled command line (resources/app.asar.unpacked/{bin,out/cli}), and the
// deb puts it on the PATH. From a source checkout, `npm run cli -- …` runs the sources instead.
// Exit codes: see src/main/cli/exit-codes.ts or `showroom --help`.
// Keep this file plain enough to parse on old Node versions: it must be able to say why it stops.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`showroom: Node.js 22.12 or newer is needed; this is Node.js ${process.versions.node}. Install a current Node.js LTS and try again.\n`);
  process.exit(1);
}

const compiled = new URL('../out/cli/index.mjs', import.meta.url);
if (!existsSync(fileURLToPath(compiled))) {
  process.stderr.write(
    'showroom: the command line is not built: run `npm run build` in the Showroom folder first (or `npm run cli -- …` to run it from the sources).\n',
  );
  process.exit(1);
}
const { main } = await import(compiled.href);
await main();
