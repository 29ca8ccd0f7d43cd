// `npm start` / `npm run preview`: the decisions of scripts/start.mjs, as pure functions (tested
// in test/scripts). Electron where it can run; the browser shell when asked for, or when the
// Electron binary cannot be downloaded or started.
// @ts-check

/** How long electron's own installer may take to download and unpack the binary (~100 MB). */
export const ELECTRON_INSTALL_LIMIT_MS = 120_000;

/** An exit with an error this soon after `electron-vite dev|preview` started counts as "Electron could not start". */
export const FAILED_AT_ONCE_MS = 30_000;

/** Options only the browser shell has: giving one asks for it. */
const BROWSER_ONLY = ['--port', '--no-open'];

/**
 * Which shell to start and with what.
 * @param {string[]} argv `dev` or `preview`, then the dealer's arguments (after `npm start --`)
 * @param {Record<string, string | undefined>} env
 * @returns {{ error: string } | { mode: 'dev' | 'preview', shell: 'browser' | 'electron', why?: string, args: string[] }}
 */
export function chooseShell(argv, env) {
  const [mode, ...rest] = argv;
  if (mode !== 'dev' && mode !== 'preview') return { error: `start: the first argument must be dev or preview, not ${JSON.stringify(mode)}` };
  const wanted = env.SHOWROOM_SHELL;
  if (wanted !== undefined && wanted !== '' && wanted !== 'browser' && wanted !== 'electron') {
    return { error: `start: SHOWROOM_SHELL must be browser or electron, not ${JSON.stringify(wanted)}` };
  }
  const args = rest.filter((a) => a !== '--browser');
  if (args.length < rest.length) return { mode, shell: 'browser', why: 'asked for with --browser', args };
  if (wanted === 'browser') return { mode, shell: 'browser', why: 'asked for with SHOWROOM_SHELL=browser', args };
  const browserOption = args.find((a) => BROWSER_ONLY.some((o) => a === o || a.startsWith(`${o}=`)));
  if (browserOption && wanted !== 'electron') return { mode, shell: 'browser', why: `${browserOption.split('=')[0]} is a browser-shell option`, args };
  return { mode, shell: 'electron', args };
}

/**
 * Why Electron cannot open a window here, or undefined.
 * @param {{ platform: string, env: Record<string, string | undefined> }} where
 */
export function electronBlocker({ platform, env }) {
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return undefined;
}

/**
 * electron-vite's arguments and environment for the dealer's arguments: `--data-dir DIR` becomes
 * SHOWROOM_USER_DATA_DIR (the Electron app's way to pick the data folder), absolute.
 * @param {'dev' | 'preview'} mode
 * @param {string[]} args
 * @param {(path: string) => string} resolvePath
 * @returns {{ args: string[], env: Record<string, string> }}
 */
export function electronLaunch(mode, args, resolvePath) {
  /** @type {string[]} */
  const out = [mode];
  /** @type {Record<string, string>} */
  const env = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (arg === '--data-dir' && next !== undefined) {
      env.SHOWROOM_USER_DATA_DIR = resolvePath(next);
      i += 1;
    } else if (arg.startsWith('--data-dir=')) {
      env.SHOWROOM_USER_DATA_DIR = resolvePath(arg.slice('--data-dir='.length));
    } else {
      out.push(arg);
    }
  }
  return { args: out, env };
}

/**
 * Whether electron-vite's end means Electron could not start (so the browser shell takes over).
 * @param {{ code: number | null, elapsedMs: number, interrupted: boolean }} end
 */
export function failedAtOnce({ code, elapsedMs, interrupted }) {
  return !interrupted && code !== 0 && code !== null && elapsedMs < FAILED_AT_ONCE_MS;
}

/**
 * The one-line cause from a failed command's stderr (an error's first line, not its stack).
 * @param {string} stderr
 * @param {string} fallback
 */
export function firstErrorLine(stderr, fallback) {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at ') && !/^node:internal/.test(l));
  if (!line) return fallback;
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/**
 * Whether the built renderer (its index.html's mtime) is missing or older than its newest source.
 * @param {{ builtMs: number | undefined, newestSourceMs: number }} times
 */
export function rendererIsStale({ builtMs, newestSourceMs }) {
  return builtMs === undefined || newestSourceMs > builtMs;
}
