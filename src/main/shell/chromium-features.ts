// The Chromium features the app's window runs without, in both shells: Electron sets them on its
// own command line (../index.ts), the browser shell passes them to the app-mode window it opens
// (../browser-shell/launch.ts), and the benchmarks' Chromium gets the same (bench/lib). Pure.
//
// DeferRendererTasksAfterInput (on by default in current Chromium): after a key press, the page
// runs no task of its own — no WebSocket or IPC message, no timer, no message from a worker —
// until the frame that draws the key is done. When that frame is late (a search-box clear's
// frame can end after the keystroke's answer is back from the backend), the answer waits for it
// and is drawn after it: the clears alone made the browser shell's slowest keystrokes
// (docs/measurements.md). A web page gains from the deferral
// (its background work cannot delay what the key shows); this window's only work after a key is
// that key's answer, which belongs with it. bench/renderer-inventory.ts prints both, side by side.

/** Chromium features turned off in the app's window (`--disable-features`), each with its reason above. */
export const DISABLED_CHROMIUM_FEATURES: readonly string[] = ['DeferRendererTasksAfterInput'];

/** The switch as Chromium reads it. One switch: a second `--disable-features` replaces the first. */
export function disableFeaturesSwitch(features: readonly string[] = DISABLED_CHROMIUM_FEATURES): { name: 'disable-features'; value: string } {
  return { name: 'disable-features', value: features.join(',') };
}

/** The same switch as command-line arguments (the browser shell's app window, the benchmarks' Chromium). */
export function chromiumFeatureArgs(features: readonly string[] = DISABLED_CHROMIUM_FEATURES): string[] {
  if (features.length === 0) return [];
  const { name, value } = disableFeaturesSwitch(features);
  return [`--${name}=${value}`];
}
