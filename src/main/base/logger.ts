// The app's log: JSON lines in <logs>/showroom.log, rotated at a size limit keeping a few old
// files (showroom.1.log is the newest old one). Plain Node; every entry goes through the redactor
// first, so a token or a JWT passed by mistake never reaches the disk.
import { appendFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRedactor, type Redactor } from './redact';
import { PRIVATE_FILE_MODE, ensurePrivateDirSync, tightenEntriesSync } from './private-files';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose entries carry `scope` (e.g. 'sync', 'ipc'). */
  child(scope: string): Logger;
  /** Scrubs this exact value from every later entry (the integration token once it is known). */
  addSecret(value: string): void;
}

export interface FileLoggerOptions {
  dir: string;
  baseName?: string;
  /** Rotate when the current file would exceed this many bytes. */
  maxBytes?: number;
  /** Old files kept besides the current one. */
  maxFiles?: number;
  level?: LogLevel;
  now?: () => Date;
  /** Also echo to the console (dev). */
  echo?: boolean;
}

export function logFilePath(dir: string, baseName: string, index: number): string {
  return join(dir, index === 0 ? `${baseName}.log` : `${baseName}.${index}.log`);
}

/** Shifts showroom.log → .1 → .2 …, dropping the oldest beyond maxFiles. */
export function rotate(dir: string, baseName: string, maxFiles: number): void {
  if (maxFiles <= 0) {
    rmSync(logFilePath(dir, baseName, 0), { force: true });
    return;
  }
  rmSync(logFilePath(dir, baseName, maxFiles), { force: true });
  for (let i = maxFiles - 1; i >= 0; i--) {
    const from = logFilePath(dir, baseName, i);
    if (existsSync(from)) renameSync(from, logFilePath(dir, baseName, i + 1));
  }
}

export function createFileLogger(options: FileLoggerOptions): Logger {
  const { dir, baseName = 'showroom', maxBytes = 5 * 1024 * 1024, maxFiles = 3, level = 'info', now = () => new Date(), echo = false } = options;
  const redact: Redactor = createRedactor();
  const file = logFilePath(dir, baseName, 0);
  ensurePrivateDirSync(dir);
  tightenEntriesSync(dir);
  let size = existsSync(file) ? statSync(file).size : 0;

  function write(lvl: LogLevel, scope: string | undefined, message: string, fields?: Record<string, unknown>): void {
    if (LEVELS[lvl] < LEVELS[level]) return;
    const entry = {
      time: now().toISOString(),
      level: lvl,
      ...(scope ? { scope } : {}),
      message: redact.redactString(message),
      ...(fields ? (redact(fields) as Record<string, unknown>) : {}),
    };
    let line: string;
    try {
      line = `${JSON.stringify(entry)}\n`;
    } catch {
      line = `${JSON.stringify({ time: entry.time, level: lvl, message: entry.message, note: 'fields not serialisable' })}\n`;
    }
    const bytes = Buffer.byteLength(line);
    try {
      if (size > 0 && size + bytes > maxBytes) {
        rotate(dir, baseName, maxFiles);
        size = 0;
      }
      appendFileSync(file, line, { mode: PRIVATE_FILE_MODE });
      size += bytes;
    } catch {
      // A log that cannot be written must not take the app down with it.
    }
    if (echo) (lvl === 'error' ? console.error : console.log)(line.trimEnd());
  }

  function make(scope: string | undefined): Logger {
    return {
      debug: (m, f) => write('debug', scope, m, f),
      info: (m, f) => write('info', scope, m, f),
      warn: (m, f) => write('warn', scope, m, f),
      error: (m, f) => write('error', scope, m, f),
      child: (s) => make(scope ? `${scope}.${s}` : s),
      addSecret: (v) => redact.addSecret(v),
    };
  }
  return make(undefined);
}

/** A logger that drops everything (tests that do not care). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
  addSecret: () => {},
};
