// What a command writes to: results on stdout (a table or JSON), everything else on stderr
// (progress, warnings, errors). Every line passes through the redactor, so a token that slipped
// into an error's detail is never printed, and through terminal-text.ts, so portal text never
// sends a control character to the terminal.
import type { Readable, Writable } from 'node:stream';
import type { UiLanguage } from '../../shared/views';
import { makeFormatters } from '../../shared/i18n/format';
import { createRedactor, type Redactor } from '../base/redact';
import { escapeControls, escapeJsonControls } from './terminal-text';

export interface Io {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

export interface Output {
  /** A result line (stdout). */
  line(text?: string): void;
  json(value: unknown): void;
  /** A note for the person at the terminal (stderr). */
  note(text: string): void;
  /** The single updating progress line; only when stderr is a terminal. */
  progress(text: string): void;
  /** Ends the progress line (keeps what it says when `keep`). */
  endProgress(keep?: boolean): void;
  readonly interactive: boolean;
  readonly redactor: Redactor;
}

export function createOutput(io: Io, secrets: readonly string[] = []): Output {
  const redactor = createRedactor(secrets.filter((s) => s.length > 0));
  const interactive = io.stderr.isTTY === true;
  let progressShown = false;
  const clear = () => {
    if (progressShown) io.stderr.write('\r\x1b[2K');
    progressShown = false;
  };
  return {
    line(text = '') {
      io.stdout.write(`${escapeControls(redactor.redactString(text))}\n`);
    },
    json(value) {
      io.stdout.write(`${escapeJsonControls(redactor.redactString(JSON.stringify(value, null, 2)))}\n`);
    },
    note(text) {
      clear();
      io.stderr.write(`${escapeControls(redactor.redactString(text))}\n`);
    },
    progress(raw) {
      if (!interactive) return;
      const text = escapeControls(raw);
      const width = Math.max(40, (io.stderr.columns || 100) - 1);
      io.stderr.write(`\r\x1b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
      progressShown = true;
    },
    endProgress(keep = false) {
      if (!progressShown) return;
      if (keep) io.stderr.write('\n');
      else io.stderr.write('\r\x1b[2K');
      progressShown = false;
    },
    interactive,
    redactor,
  };
}

/** A plain text table: columns padded to their widest cell; numbers right-aligned. */
export function table(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
  rightAligned: ReadonlySet<number> = new Set(),
): string[] {
  const cells = rows.map((r) => r.map((c) => (c === null ? '—' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => Array.from(r[i] ?? '').length)));
  const pad = (text: string, i: number) => {
    const gap = ' '.repeat(Math.max(0, (widths[i] ?? 0) - Array.from(text).length));
    return rightAligned.has(i) ? gap + text : text + gap;
  };
  const render = (r: readonly string[]) =>
    r
      .map((c, i) => pad(c, i))
      .join('  ')
      .trimEnd();
  return [render(headers), render(widths.map((w) => '─'.repeat(w))), ...cells.map(render)];
}

/** "Label:  text" lines, the texts aligned two spaces after the longest label (labels differ in length by language). */
export function labelledLines(rows: ReadonlyArray<readonly [label: string, text: string]>): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, text]) => (label === '' ? '' : `${label}:`).padEnd(width) + text);
}

// Numbers in the reader's language: 202,900 in English is 202.900 in Portuguese (where 202,900 reads as 202 and 9 tenths).
export const formatNumber = (n: number | null | undefined, language: UiLanguage): string | null => (n == null ? null : n.toLocaleString(language));
/** A price as the screens write it (shared/i18n/format.ts: cents only when it has them), with a plain space a terminal copies as one. */
export const formatMoney = (n: number | null | undefined, language: UiLanguage): string | null =>
  n == null
    ? null
    : makeFormatters(language)
        .money(n)
        .replace(/\u00a0/g, ' ');
export const formatBytes = (bytes: number, language: UiLanguage): string => {
  const tenths = (n: number) => n.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return bytes >= 1_073_741_824
    ? `${tenths(bytes / 1_073_741_824)} GB`
    : bytes >= 1_048_576
      ? `${tenths(bytes / 1_048_576)} MB`
      : `${Math.round(bytes / 1024).toLocaleString(language)} kB`;
};

/**
 * When whoever reads our output stops (`showroom search | head`), the next write fails with EPIPE.
 * That is the reader's choice, not an error: stop quietly (`onClosed`) rather than crash with a
 * stack trace. Other stream errors are left to Node.
 */
export function stopOnClosedPipe(stream: Writable, onClosed: () => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') onClosed();
    else throw error;
  });
}
