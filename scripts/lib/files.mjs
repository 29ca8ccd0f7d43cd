// Reading files that may be absent or unreadable, for the scripts (node: built-ins only).
// @ts-check
import { readFileSync, statSync } from 'node:fs';

/** A JSON file's value, or undefined when it is missing or not JSON. @param {string} file */
export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A file's mtime in ms, or undefined when it is missing. @param {string} file */
export function mtimeMs(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
