// The integration token lives in the OS keychain under the account's id and nowhere else
// (design.md, "Auth"). There is deliberately no plaintext fallback: when no keychain is
// available, every operation fails with `keychain_unavailable` and the dealer is told why.
import type { AppError } from '../../shared/errors';
import { codedError, renderMessage } from '../../shared/i18n/messages';

export interface Keychain {
  /** The stored token, or null when none is stored for this account. */
  get(account: string): Promise<string | null>;
  set(account: string, token: string): Promise<void>;
  /** True when a token was stored and is now gone. */
  delete(account: string): Promise<boolean>;
}

/** The English text, for the logs and the tests; the dealer reads `codes.keychain.unavailable` in their language. */
export const KEYCHAIN_UNAVAILABLE_MESSAGE = renderMessage('en', 'keychain.unavailable');

/** The part of keytar we use (its default export). */
interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

function unavailable(operation: string, cause: unknown): AppError {
  // keytar's messages ("Cannot autolaunch D-Bus without X11 $DISPLAY", "The name
  // org.freedesktop.secrets was not provided by any .service files", "Object does not exist at
  // path …", "Could not connect: …") name the missing service; they never contain the secret.
  const reason = cause instanceof Error ? cause.message : String(cause);
  return codedError('keychain_unavailable', { code: 'keychain.unavailable' }, { operation, reason }, { cause });
}

/** keytar is a native addon: load it only when a keychain is first used, and treat a failed load as "no keychain". */
async function loadKeytar(): Promise<KeytarApi> {
  try {
    const mod = (await import('keytar')) as unknown as { default?: KeytarApi } & Partial<KeytarApi>;
    const api = mod.default ?? (mod as KeytarApi);
    if (typeof api.getPassword !== 'function') throw new Error('keytar did not load');
    return api;
  } catch (error) {
    throw unavailable('load', error);
  }
}

export function createKeytarKeychain(service = 'Showroom'): Keychain {
  let keytar: Promise<KeytarApi> | undefined;
  const api = () => {
    keytar ??= loadKeytar();
    // A failed load is not cached: the dealer may unlock or install a keyring and try again.
    keytar.catch(() => {
      keytar = undefined;
    });
    return keytar;
  };
  const call = async <T>(operation: string, run: (k: KeytarApi) => Promise<T>): Promise<T> => {
    const k = await api();
    try {
      return await run(k);
    } catch (error) {
      throw unavailable(operation, error);
    }
  };
  return {
    get: (account) => call('get', (k) => k.getPassword(service, account)),
    set: (account, token) => call('set', (k) => k.setPassword(service, account, token)),
    delete: (account) => call('delete', (k) => k.deletePassword(service, account)),
  };
}
