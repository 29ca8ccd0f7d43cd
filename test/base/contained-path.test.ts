import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { containedPath, isPlainRelativePath } from '../../src/main/base/contained-path';

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'showroom-contain-')));
  root = join(base, 'photos');
  mkdirSync(join(root, 'ab'), { recursive: true });
  writeFileSync(join(root, 'ab', 'cd.jpg'), 'jpeg');
  writeFileSync(join(base, 'secret.txt'), 'secret');
  mkdirSync(join(base, 'photos-evil'));
  writeFileSync(join(base, 'photos-evil', 'x.jpg'), 'evil');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link-out.jpg'));
  symlinkSync(join(root, 'ab', 'cd.jpg'), join(root, 'link-in.jpg'));
  symlinkSync(base, join(root, 'dir-out'));
});

describe('containedPath', () => {
  it('returns the real path of a file inside the root', async () => {
    expect(await containedPath(root, 'ab/cd.jpg')).toBe(join(root, 'ab', 'cd.jpg'));
    expect(await containedPath(root, 'link-in.jpg')).toBe(join(root, 'ab', 'cd.jpg'));
  });

  it('refuses traversal, absolute paths, encoded separators, NUL and odd segments', async () => {
    const refused = [
      '../secret.txt',
      'ab/../../secret.txt',
      '..',
      '../photos-evil/x.jpg',
      join(base, 'secret.txt'),
      '/etc/passwd',
      'C:\\Windows\\win.ini',
      'C:photo.jpg',
      '\\\\server\\share\\x.jpg',
      'ab\\..\\..\\secret.txt',
      '..%2fsecret.txt',
      '%2e%2e/secret.txt',
      'ab%2Fcd.jpg',
      'ab/cd.jpg\0.png',
      './ab/cd.jpg',
      'ab//cd.jpg',
      'ab/',
      '',
      'ab',
    ];
    for (const candidate of refused) expect(await containedPath(root, candidate), JSON.stringify(candidate)).toBeUndefined();
  });

  it('refuses symlinks that lead outside the root', async () => {
    expect(await containedPath(root, 'link-out.jpg')).toBeUndefined();
    expect(await containedPath(root, 'dir-out/secret.txt')).toBeUndefined();
  });

  it('refuses missing files and non-strings', async () => {
    expect(await containedPath(root, 'ab/missing.jpg')).toBeUndefined();
    expect(await containedPath(join(base, 'no-root'), 'ab/cd.jpg')).toBeUndefined();
    for (const v of [undefined, null, 1, ['ab/cd.jpg'], { toString: () => 'ab/cd.jpg' }]) expect(await containedPath(root, v)).toBeUndefined();
  });

  it('is lexically strict before any I/O', () => {
    expect(isPlainRelativePath('ab/cd.jpg')).toBe(true);
    expect(isPlainRelativePath('a/b/../c')).toBe(false);
  });
});
