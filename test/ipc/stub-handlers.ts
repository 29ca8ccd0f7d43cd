// Handlers for every contract channel that fail as "not implemented", with the ones a test
// cares about overridden. Typed against the real contract.
import { CHANNEL_NAMES } from '../../src/shared/contract';
import { codedError } from '../../src/shared/i18n/messages';
import type { Handlers } from '../../src/main/ipc/gate';

export function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const stubs = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      async () => {
        throw codedError('internal', { code: 'app.internal' }, { reason: `${name} is not implemented in this test` });
      },
    ]),
  ) as unknown as Handlers;
  return { ...stubs, ...overrides };
}
