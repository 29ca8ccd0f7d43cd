// The main window's size and position, remembered between runs in a small JSON file in the
// user-data folder, and restored only where a display can show it (a laptop undocked from its
// second screen must not open the app off-screen).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { PRIVATE_FILE_MODE, ensurePrivateDirSync } from '../base/private-files';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Bounds {
  maximized: boolean;
}

export interface Display {
  workArea: Bounds;
}

export interface RestoredBounds {
  /** x/y are left out to let the OS centre the window. */
  bounds: Partial<Bounds> & Pick<Bounds, 'width' | 'height'>;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
/** How much of the window must be on a display for the dealer to grab it: a strip of title bar. */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

const int = z.number().int();
const windowStateSchema = z.object({
  x: int,
  y: int,
  width: int.positive(),
  height: int.positive(),
  maximized: z.boolean().default(false),
});

function overlap(a: Bounds, b: Bounds): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

function clampSize(size: { width: number; height: number }, area: Bounds, min: { width: number; height: number }) {
  return {
    width: Math.max(Math.min(size.width, area.width), Math.min(min.width, area.width)),
    height: Math.max(Math.min(size.height, area.height), Math.min(min.height, area.height)),
  };
}

/**
 * Where to open the window: the saved bounds when their title bar is visible on some display,
 * shrunk to fit it; otherwise the saved (or default) size, centred by the OS on the primary display.
 * `displays[0]` is the primary display.
 */
export function restoreBounds(saved: unknown, displays: readonly Display[], min = { width: 900, height: 600 }): RestoredBounds {
  const parsed = windowStateSchema.safeParse(saved);
  const primary = displays[0]?.workArea;
  if (!parsed.success) {
    const size = primary ? clampSize(DEFAULT_SIZE, primary, min) : { ...DEFAULT_SIZE };
    return { bounds: size, maximized: false };
  }
  const state = parsed.data;
  // The top strip of the window, where the title bar is.
  const titleBar: Bounds = { x: state.x, y: state.y, width: state.width, height: MIN_VISIBLE.height };
  const host = displays.find((d) => {
    const o = overlap(titleBar, d.workArea);
    return o.width >= Math.min(MIN_VISIBLE.width, state.width) && o.height >= Math.min(MIN_VISIBLE.height, state.height);
  });
  if (!host) {
    const size = primary ? clampSize(state, primary, min) : clampSize(state, { x: 0, y: 0, width: state.width, height: state.height }, min);
    return { bounds: size, maximized: state.maximized };
  }
  const area = host.workArea;
  const size = clampSize(state, area, min);
  // Pull the window fully inside the display it is on when it would hang over an edge.
  const x = Math.min(Math.max(state.x, area.x), area.x + area.width - size.width);
  const y = Math.min(Math.max(state.y, area.y), area.y + area.height - size.height);
  return { bounds: { x, y, ...size }, maximized: state.maximized };
}

/** Reads the saved state; a missing or damaged file is simply no saved state. */
export function loadWindowState(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes atomically (temp file + rename) so a crash mid-write never leaves half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  const parsed = windowStateSchema.safeParse(state);
  if (!parsed.success) return;
  ensurePrivateDirSync(dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(parsed.data)}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(tmp, file);
}
