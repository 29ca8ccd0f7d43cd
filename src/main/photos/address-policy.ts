// Where a photo may be downloaded from. Picture addresses are data from the portal, and so are
// the redirects their hosts answer: without a rule, a listing could make the dealer's computer
// fetch from its own network (a router's admin page, 10.x servers) or a cloud metadata service
// (169.254.169.254). So a photo is fetched only over http(s), from a public unicast address,
// with no credentials in its URL, and every hop of a redirect is checked again.
//
// Loopback: refused, except when the account's own portal is on loopback (the sandbox of the demo
// mode and the tests, a portal tunnelled to this machine). Its photos are then on this machine
// too, and the portal itself can already reach whatever listens there through its own answers;
// refusing would break the demo without protecting anything. Private, link-local, metadata and
// every other special range stay refused even then.
//
// The address is checked where it is used: a name is checked after DNS resolution, inside the
// connection's own lookup (an undici Agent's `connect.lookup`), so a name that resolves to a
// public address when checked and a private one when connecting (DNS rebinding) gets nowhere.
// Addresses written in the URL are checked before anything is sent (no lookup runs for them).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

export interface PhotoHostPolicy {
  /** Whether loopback addresses are allowed (only when the portal itself is on loopback). */
  allowLoopback: boolean;
}

/** Error code of a connection refused by the policy (see `guardedLookup`). */
export const REFUSED_ADDRESS_CODE = 'ESHOWROOM_PHOTO_ADDRESS';

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** The policy for an account: loopback photos only when its portal's address is loopback. */
export function photoHostPolicyFor(portalBaseUrl: string): PhotoHostPolicy {
  try {
    return { allowLoopback: isLoopbackHost(new URL(portalBaseUrl).hostname) };
  } catch {
    return { allowLoopback: false };
  }
}

/** Why an IP address is refused, or undefined when photos may come from it. */
export function refusedAddress(address: string, policy: PhotoHostPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  // process(): an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 it carries.
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowLoopback) return undefined;
  return range;
}

/** Why a photo URL (the source or a redirect's target) is refused before connecting, or undefined. */
export function refusedPhotoUrl(url: URL, policy: PhotoHostPolicy): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `a ${url.protocol.replace(/:$/, '')}: address, not a web address`;
  if (url.username !== '' || url.password !== '') return 'an address with a user name or password in it';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const range = refusedAddress(host, policy);
    if (range !== undefined) return `an address on a ${describeRange(range)} (${host})`;
  }
  return undefined;
}

export function describeRange(range: string): string {
  switch (range) {
    case 'private':
    case 'uniqueLocal':
      return 'private network';
    case 'linkLocal':
      return 'link-local network (where cloud metadata services live)';
    case 'loopback':
      return 'loopback interface (this computer)';
    default:
      return `reserved range (${range})`;
  }
}

class RefusedAddressError extends Error {
  readonly code = REFUSED_ADDRESS_CODE;
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${hostname} resolves to ${address}, on a ${describeRange(range)}`);
    this.name = 'RefusedAddressError';
  }
}

export function isRefusedAddressError(error: unknown): error is RefusedAddressError {
  return error instanceof RefusedAddressError;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net.connect that resolves as usual, then refuses the connection when any address is not allowed. */
export function guardedLookup(policy: PhotoHostPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number | string; hints?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { family: options.family as number | undefined, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const range = refusedAddress(address, policy);
        if (range !== undefined) return callback(new RefusedAddressError(hostname, address, range), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** A fetch whose every connection goes through `guardedLookup`. */
export function guardedFetch(policy: PhotoHostPolicy): typeof globalThis.fetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) } });
  // Node's fetch takes an undici dispatcher in its init (RequestInit.dispatcher, typed by undici-types).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the undici package's Agent drives Node's bundled fetch through the Dispatcher interface (undici 7, as in Node 24)
  return (input, init) => globalThis.fetch(input, { ...init, dispatcher });
}
