import { describe, expect, it } from 'vitest';
import { sandboxArgs } from '../electron/sandbox-args';

describe('sandboxArgs (the Electron launch suite)', () => {
  it('keeps Chromium’s sandbox for a normal user, and off Linux', () => {
    expect(sandboxArgs({ platform: 'linux', uid: 1000, env: { CI: 'true' } })).toEqual([]);
    expect(sandboxArgs({ platform: 'darwin', uid: 0, env: { CI: 'true' } })).toEqual([]);
    expect(sandboxArgs({ platform: 'win32', uid: undefined, env: { CI: 'true' } })).toEqual([]);
  });
  it('turns it off only as root in CI', () => {
    expect(sandboxArgs({ platform: 'linux', uid: 0, env: { CI: '1' } })).toEqual(['--no-sandbox']);
  });
  it('as root outside CI it says how to run instead of quietly dropping the sandbox', () => {
    expect(() => sandboxArgs({ platform: 'linux', uid: 0, env: {} })).toThrow(/normal user/);
  });
});
