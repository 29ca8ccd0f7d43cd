import type { BrowserWindowConstructorOptions } from 'electron';
import type { Bounds } from './window-state';

export interface WindowOptionsInput {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preload: string;
  bounds: Partial<Bounds> & Pick<Bounds, 'width' | 'height'>;
  title?: string;
  backgroundColor?: string;
}

export const MIN_WIDTH = 900;
export const MIN_HEIGHT = 600;

/**
 * The main window. The renderer is untrusted as far as main is concerned: isolated, sandboxed,
 * no Node, web security on; it reaches main only through the preload's contract bridge.
 */
export function windowOptions({ preload, bounds, title = 'Showroom', backgroundColor = '#ffffff' }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    title,
    backgroundColor,
    // Shown on 'ready-to-show' so the dealer never sees a blank frame.
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  };
}
