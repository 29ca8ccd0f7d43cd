/// <reference types="vite/client" />
import type { ShowroomBridge } from '../../shared/contract';

declare global {
  interface Window {
    /** Exposed by src/preload: the only way out of the sandbox. */
    readonly showroom: ShowroomBridge;
  }
}

export {};
