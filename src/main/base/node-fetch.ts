// The fetch of the Node processes (command line, browser shell): Node's own, sent through the
// proxies of the environment when it names any (see proxy.ts). undici is the library Node's fetch
// is built on; its EnvHttpProxyAgent reads HTTP(S)_PROXY and NO_PROXY the way curl does.
import { EnvHttpProxyAgent } from 'undici';
import { proxyChoice, type ProxyChoice } from './proxy';
import type { Env } from './env';

export function fetchFor(choice: ProxyChoice): typeof globalThis.fetch | undefined {
  if (choice.kind !== 'env') return undefined;
  // '' rather than undefined: undici would otherwise read process.env itself; the choice alone decides.
  const dispatcher = new EnvHttpProxyAgent({ httpProxy: choice.httpProxy ?? '', httpsProxy: choice.httpsProxy ?? '', noProxy: choice.noProxy ?? '' });
  // Node's fetch accepts an undici dispatcher (RequestInit.dispatcher, typed by undici-types).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the undici package's agent drives Node's bundled fetch through the Dispatcher interface (undici 7, as in Node 24)
  return (input, init) => globalThis.fetch(input, { ...init, dispatcher });
}

/** The fetch for a Node process started with `env`: undefined means the global one, unchanged. */
export function nodeFetch(env: Env): typeof globalThis.fetch | undefined {
  return fetchFor(proxyChoice({ runtime: 'node', env }));
}
