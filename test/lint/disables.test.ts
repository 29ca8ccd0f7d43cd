// Every lint disable says why on its own line (`// eslint-disable-next-line rule -- reason`), so a
// reviewer can judge it where it stands.
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCES = ['src', 'test', 'bench', 'scripts', 'bin', 'build'].flatMap((dir) => globSync(`${dir}/**/*.{ts,tsx,js,mjs,cjs}`));

describe('lint disables', () => {
  it('finds the sources it checks', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
  });

  it('each names its rule and gives a reason', () => {
    const bare = SOURCES.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        .filter(
          ({ line }) => /(?:\/\/|\/\*)\s*eslint-disable/.test(line) && !/eslint-disable(?:-next-line|-line)?\s+[@\w/-]+(?:,\s*[@\w/-]+)*\s+--\s+\S/.test(line),
        ),
    );
    expect(bare.map(({ where, line }) => `${where}: ${line.trim()}`)).toEqual([]);
  });
});
