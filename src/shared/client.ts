// The renderer's typed client over the bridge: values come back, failures are thrown as
// BridgeError (the tagged AppErrorShape turned back into an exception).
import type { AppErrorShape, ErrorDetail, ErrorKind, MessageParams } from './errors';
import { renderMessage } from './i18n/messages';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload, ShowroomBridge } from './contract';

export class BridgeError extends Error implements AppErrorShape {
  readonly kind: ErrorKind;
  readonly detail: ErrorDetail | undefined;
  readonly code: string;
  readonly params: MessageParams | undefined;
  readonly channel: ChannelName;

  constructor(channel: ChannelName, shape: AppErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.channel = channel;
    this.kind = shape.kind;
    this.detail = shape.detail;
    this.code = shape.code;
    this.params = shape.params;
  }
}

export function isBridgeError(value: unknown): value is BridgeError {
  return value instanceof BridgeError;
}

export interface ShowroomClient {
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The address a cached photo is shown from, by its opaque id. */
  photoUrl(photoId: string): string;
}

export function createClient(bridge: ShowroomBridge): ShowroomClient {
  return {
    async call(channel, input) {
      let result;
      try {
        result = await bridge.invoke(channel, input);
      } catch (error) {
        // The transport itself failed (not a handler error): still a typed error for the UI.
        throw new BridgeError(channel, {
          kind: 'internal',
          message: renderMessage('en', 'app.unreachable'),
          code: 'app.unreachable',
          detail: { cause: error instanceof Error ? error.message : String(error) },
        });
      }
      if (result.ok) return result.value;
      throw new BridgeError(channel, result.error);
    },
    on(event, listener) {
      return bridge.on(event, listener);
    },
    photoUrl(photoId) {
      return bridge.photoUrl(photoId);
    },
  };
}
