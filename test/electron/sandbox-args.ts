// Chromium refuses to start as root with its sandbox on ("Running as root without --no-sandbox is
// not supported"), and CI containers run as root. The launch suite turns the sandbox off there and
// only there, and says so; anywhere else the app runs as it ships, sandbox on. Pure.
export interface SandboxInput {
  platform: NodeJS.Platform;
  /** process.getuid() (undefined on Windows). */
  uid: number | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

export const NO_SANDBOX_NOTE = 'running as root in CI: Chromium’s sandbox is off for this run (--no-sandbox)';

export function sandboxArgs({ platform, uid, env }: SandboxInput): string[] {
  if (platform !== 'linux' || uid !== 0) return [];
  if (env.CI) return ['--no-sandbox'];
  throw new Error(
    'The Electron launch suite cannot run as root with Chromium’s sandbox: run it as a normal user (CI runs as root with CI=1, which turns the sandbox off there).',
  );
}
