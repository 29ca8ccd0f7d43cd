// The main side of the bridge: every `showroom:invoke` goes through here. The gate checks who is
// asking (our own renderer's main frame only), which channel (contract channels only), validates
// the input (plain data only, plain-data.ts; then the channel's zod schema), runs the handler,
// and turns every outcome into the contract's Result: a thrown error becomes the tagged
// AppErrorShape, never a stack.
import type { z } from 'zod';
import {
  channels as contractChannels,
  type ChannelName,
  type ChannelOutput,
  type ChannelParsedInput,
  type ChannelSpec,
  type Result,
} from '../../shared/contract';
import { toErrorShape, type AppErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import { createRedactor } from '../base/redact';
import { isTrustedSender } from '../shell/urls';
import { notPlainDataAt } from './plain-data';
import type { Logger } from '../base/logger';

/** Who sent an invoke: the sender frame's URL and whether it is the window's main frame. */
export interface Sender {
  url: string;
  frameIsMain: boolean;
}

export interface CallContext<C extends string = string> {
  channel: C;
  sender: Sender;
}

type AnyChannels = Record<string, ChannelSpec<z.ZodType, unknown>>;
type OutputOf<S> = S extends ChannelSpec<z.ZodType, infer O> ? O : never;

/** One handler per channel of a contract; a missing one is a compile error. */
export type HandlersOf<Cs extends AnyChannels> = {
  [C in keyof Cs & string]: (input: z.output<Cs[C]['input']>, ctx: CallContext<C>) => Promise<OutputOf<Cs[C]>>;
};

/** The handlers for the app's contract (src/shared/contract.ts). */
export type Handlers = { [C in ChannelName]: (input: ChannelParsedInput<C>, ctx: CallContext<C>) => Promise<ChannelOutput<C>> };

export type Gate = (channel: unknown, input: unknown, sender: Sender) => Promise<Result<unknown>>;

export interface GateOptions {
  /** The app document's URL (showroom-app://app/index.html, or the dev server's). */
  appUrl: string | (() => string);
  logger?: Logger;
}

const MAX_ISSUES = 20;

function sanitise(shape: AppErrorShape, redact: ReturnType<typeof createRedactor>): AppErrorShape {
  // Structured-clonable, secret-free: a detail from deep inside a module could hold anything.
  let clean: AppErrorShape;
  try {
    clean = JSON.parse(JSON.stringify(redact(shape))) as AppErrorShape;
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- a shape that broke JSON is not trusted to have string fields
    clean = { kind: shape.kind, message: redact.redactString(String(shape.message)), code: String(shape.code) };
  }
  if (clean.detail && 'stack' in clean.detail) delete clean.detail.stack;
  return clean;
}

/** A gate over any contract (tests use small ones); `createGate` is the app's. */
export function createGateFor<Cs extends AnyChannels>(channels: Cs, handlers: HandlersOf<Cs>, options: GateOptions): Gate {
  const redact = createRedactor();
  const log = options.logger;
  const appUrl = typeof options.appUrl === 'function' ? options.appUrl : () => options.appUrl as string;
  const known = (name: unknown): name is keyof Cs & string => typeof name === 'string' && Object.hasOwn(channels, name) && Object.hasOwn(handlers, name);

  const fail = (error: AppErrorShape): Result<never> => ({ ok: false, error: sanitise(error, redact) });

  return async (channel, input, sender) => {
    const from = sender as Partial<Sender> | undefined; // from Electron at run time: checked whatever its type says
    if (!from || typeof from.url !== 'string' || from.frameIsMain !== true || !isTrustedSender(from.url, appUrl())) {
      log?.warn('ipc: refused a call from an untrusted sender', {
        channel: typeof channel === 'string' ? channel.slice(0, 100) : typeof channel,
        url: from?.url?.slice(0, 300),
        frameIsMain: from?.frameIsMain,
      });
      return fail(codedError('internal', { code: 'app.requestRefused' }, { reason: 'untrusted_sender' }).toJSON());
    }
    if (!known(channel)) {
      log?.warn('ipc: unknown channel', { channel: typeof channel === 'string' ? channel.slice(0, 100) : typeof channel });
      return fail(codedError('bad_input', { code: 'app.unknownRequest' }, { reason: 'unknown_channel' }).toJSON());
    }
    const notPlain = notPlainDataAt(input);
    if (notPlain) {
      log?.warn('ipc: refused input that is not plain data', { channel, path: notPlain.slice(0, 10).join('.').slice(0, 200) });
      return fail(codedError('bad_input', { code: 'app.invalidRequest' }, { channel, reason: 'not_plain_data', path: notPlain.slice(0, 10) }).toJSON());
    }
    const spec = channels[channel] as ChannelSpec<z.ZodType, unknown>;
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, MAX_ISSUES).map((i) => ({ path: i.path.map(String), code: i.code, message: i.message }));
      return fail(codedError('bad_input', { code: 'app.invalidRequest' }, { channel, issues }).toJSON());
    }
    const handler = handlers[channel] as (input: unknown, ctx: CallContext) => Promise<unknown>;
    try {
      const value = await handler(parsed.data, { channel, sender });
      return { ok: true, value };
    } catch (error) {
      const shape = toErrorShape(error);
      if (shape.kind === 'internal') log?.error(`ipc: ${channel} failed`, { error });
      else log?.info(`ipc: ${channel} failed`, { kind: shape.kind });
      return fail(shape);
    }
  };
}

export function createGate(handlers: Handlers, options: GateOptions): Gate {
  return createGateFor(contractChannels, handlers as HandlersOf<typeof contractChannels>, options);
}
