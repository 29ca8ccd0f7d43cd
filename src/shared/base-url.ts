// Checks the portal address a dealer types: one rule for the form as the dealer types (the renderer),
// the connection test and the account store (main), so what the form says and what the test refuses
// agree. Pure, so it is unit tested on its own. The integration token travels in a header, so
// anything but https would send it in clear: plain http is allowed only for this computer (the
// sandbox, a local proxy).
import type { MessageParams } from './errors';
import { renderMessage, type MessageRef, type SectionKey } from './i18n/messages';

/** A refused address: `message` names the problem in the dictionaries (`codes.baseUrl`), `error` is its English text. */
export type BaseUrlCheck =
  /** `pathWarning`: the path does not end in integration/v2 (said in English in `warnings`, for the CLI and the log). */
  { ok: true; url: string; warnings: string[]; pathWarning: boolean } | { ok: false; error: string; message: MessageRef };

function problem(key: SectionKey<'baseUrl'>, params?: MessageParams): BaseUrlCheck {
  const message: MessageRef = params === undefined ? { code: `baseUrl.${key}` } : { code: `baseUrl.${key}`, params };
  return { ok: false, error: renderMessage('en', message.code, message.params), message };
}

const EXAMPLE = 'https://portal.example.com/integration/v2';

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost. `hostname` as URL gives it (IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) return Number(v4[1]) === 127 && v4.slice(2).every((p) => Number(p) <= 255);
  const mapped = /^::ffff:(?:7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(host);
  return mapped !== null;
}

export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '') return problem('empty', { example: EXAMPLE });
  if (/\s/.test(text)) return problem('spaces');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return problem('noScheme', { example: EXAMPLE });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem('notAUrl', { text, example: EXAMPLE });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return problem('badScheme', { scheme: `${url.protocol}//` });
  }
  if (url.hostname === '') return problem('noHost', { example: EXAMPLE });
  if (url.username !== '' || url.password !== '') {
    return problem('credentials');
  }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    return problem('queryOrHash', { example: EXAMPLE });
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return problem('insecure');
  }
  const path = url.pathname.replace(/\/+$/, '');
  const normalised = `${url.protocol}//${url.host}${path}`;
  const warnings: string[] = [];
  const pathWarning = !/(^|\/)integration\/v2$/i.test(path);
  if (pathWarning) {
    warnings.push(`The portal's integration address usually ends with /integration/v2 (for example ${EXAMPLE}). Check it if the connection test fails.`);
  }
  return { ok: true, url: normalised, warnings, pathWarning };
}
