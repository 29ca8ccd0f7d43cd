import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { call, walk } from './helpers';
import type { Sandbox } from '../../src/sandbox';

const TSX = 'node_modules/.bin/tsx';

interface Started {
  child: ChildProcess;
  /** Resolves with the output so far once a line matches. */
  waitFor(pattern: RegExp): Promise<string>;
}

function start(args: string[]): Started {
  const child = spawn(TSX, ['src/sandbox/cli.ts', ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters) w();
  });
  const waitFor = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (lines.some((l) => pattern.test(l))) resolve(lines.join('\n'));
      };
      waiters.push(check);
      check();
      child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
    });
  return { child, waitFor };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('CLI', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    child = undefined;
  });

  it('prints its base URL and token as JSON and serves 120 vehicles until SIGTERM', async () => {
    const started = start(['--vehicles', '120', '--json', '--seed', '7']);
    child = started.child;
    const info = JSON.parse(await started.waitFor(/^\{/)) as { baseUrl: string; integrationToken: string };
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/integration\/v2$/);
    expect(info.integrationToken).toEqual(expect.any(String));
    const sb = { baseUrl: info.baseUrl, integrationToken: info.integrationToken } as Sandbox;
    const token = (await call<{ token: string }>(sb, null, '/clients/jwt', { headers: { token: info.integrationToken } })).body.token;
    const refs = (await walk(sb, token, 'limit=50')).flatMap((p) => p.data.map((v) => v.reference));
    expect(refs).toHaveLength(120);
    expect(new Set(refs).size).toBe(120);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  });

  it('prints a human-readable banner by default and applies flags', async () => {
    const started = start(['--vehicles', '3', '--rate-limit', '7', '--latency', '1']);
    child = started.child;
    const text = await started.waitFor(/Press Ctrl\+C/);
    expect(text).toMatch(/sandbox/i);
    const baseUrl = /Base URL:\s+(\S+)/.exec(text)?.[1] ?? '';
    const token = /Integration token:\s+(\S+)/.exec(text)?.[1] ?? '';
    const res = await fetch(`${baseUrl}/clients/jwt`, { headers: { token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('7');
    child.kill('SIGINT');
    expect(await exitCode(child)).toBe(0);
  });

  it.each([[['--vehicles', 'many']], [['--port', '99999']], [['--nope']], [['--expiration', 'forever']]])('exits 2 on bad arguments %j', async (args) => {
    child = start(args).child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toMatch(/sandbox: /);
  });
});
