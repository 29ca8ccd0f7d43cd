#!/usr/bin/env node
// `showroom`: the headless command line (src/main/cli). Runs the TypeScript sources through tsx's
// ESM loader, so the command line and the app always share the same modules. Exit codes: see
// src/main/cli/exit-codes.ts or `showroom --help`.
// Keep this file plain enough to parse on old Node versions: it must be able to say why it stops.
import process from 'node:process';
import { URL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`showroom: Node.js 22.12 or newer is needed; this is Node.js ${process.versions.node}. Install a current Node.js LTS and try again.\n`);
  process.exit(1);
}

let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  process.stderr.write('showroom: tsx is missing: run `npm install` in the Showroom folder first.\n');
  process.exit(1);
}
register();
const { main } = await import(new URL('../src/main/cli/index.ts', import.meta.url).href);
await main();
