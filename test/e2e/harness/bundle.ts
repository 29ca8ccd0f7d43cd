// Bundles ./page-bridge.ts (and through it src/preload/bridge.ts and the contract) into one
// script for page.addInitScript. Built once per worker process.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | undefined;

export function pageBridgeScript(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('./page-bridge.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no bridge bundle');
    return file.text;
  });
  return cached;
}
