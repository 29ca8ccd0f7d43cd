// What a request asks for, read defensively: the request line and headers come from whoever
// connects to the port, and a target WHATWG's URL parser throws on (`http://a%/`, `http://[`)
// must get a 400, never an exception. RFC 9112:
// - origin-form (`/path?query`) is the path on this server, never resolved as a relative
//   reference (`//evil.example/x` is the path `//evil.example/x`, not another host);
// - absolute-form (`http://host:port/path`) names the host itself and overrides Host (§3.2.2),
//   so its authority must be exactly the shell's own, as the Host header must be;
// - asterisk-form and authority-form are for OPTIONS and CONNECT, which the shell does not serve;
// - a request with more than one Host header is answered 400 (§3.2).
import { shellHost, shellOrigin } from './auth';

export type TargetRefusal = 'bad_target' | 'foreign_authority' | 'duplicate_host';

export type Target = { ok: true; url: URL } | { ok: false; status: 400 | 403; reason: TargetRefusal };

const ABSOLUTE_HTTP = /^http:\/\//i;

/** How many Host fields the request carried (Node keeps only the first in `headers`). */
function hostFields(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') count += 1;
  return count;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The request's target as a URL on the shell's origin, or why it is refused. Pure. */
export function readTarget(target: string | undefined, rawHeaders: readonly string[], port: number): Target {
  if (hostFields(rawHeaders) > 1) return { ok: false, status: 400, reason: 'duplicate_host' };
  if (!target) return { ok: false, status: 400, reason: 'bad_target' };
  let url: URL | undefined;
  if (target.startsWith('/')) {
    // Appended, not resolved: the path cannot name another authority.
    url = parseUrl(`${shellOrigin(port)}${target}`);
  } else if (ABSOLUTE_HTTP.test(target)) {
    url = parseUrl(target);
    if (!url) return { ok: false, status: 400, reason: 'bad_target' };
    const rest = target.slice('http://'.length);
    const end = rest.search(/[/?#]/);
    const authority = end < 0 ? rest : rest.slice(0, end);
    // Compared as sent, before any normalisation (`0x7f.1`, `user@`, a leading zero are not ours).
    if (authority !== shellHost(port)) return { ok: false, status: 403, reason: 'foreign_authority' };
  }
  if (!url || url.host !== shellHost(port)) return { ok: false, status: 400, reason: 'bad_target' };
  return { ok: true, url };
}
