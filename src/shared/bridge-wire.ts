// The browser shell's bridge over one WebSocket: what the renderer's transport and the shell's
// server say to each other. Messages travel as devalue text, which keeps what Electron's
// structured clone keeps (undefined, NaN, Dates, Maps, Sets) and refuses what it refuses
// (functions, class instances). Zod-free and DOM-free: the browser preload and the Node server
// both import it.
import { parse, stringify } from 'devalue';

/** The WebSocket's path on the shell's origin. */
export const BRIDGE_PATH = '/bridge';

/** Renderer → shell: one contract call. */
export interface InvokeMessage {
  id: number;
  channel: string;
  input: unknown;
}

/** Shell → renderer: the Result of call `id`, or one contract event. */
export type ShellMessage = { type: 'result'; id: number; result: unknown } | { type: 'event'; event: string; payload: unknown };

/** A larger message is refused by the server (10,000 references to unpublish fit well within it). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export function encodeMessage(message: InvokeMessage | ShellMessage): string {
  return stringify(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An invoke from the renderer, or undefined when the text is not one (the server then closes the socket). */
export function decodeInvoke(text: string): InvokeMessage | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.id) || typeof value.channel !== 'string') return undefined;
  return { id: value.id as number, channel: value.channel, input: value.input };
}

/** A message from the shell, or undefined when the text is not one (the renderer ignores it). */
export function decodeShellMessage(text: string): ShellMessage | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (value.type === 'result' && Number.isSafeInteger(value.id)) return { type: 'result', id: value.id as number, result: value.result };
  if (value.type === 'event' && typeof value.event === 'string') return { type: 'event', event: value.event, payload: value.payload };
  return undefined;
}
