// Lint has type information: a promise nobody handles is an error in TypeScript files; plain
// JS files (scripts/, bin/) are linted without types and still parse.
import { describe, expect, it } from 'vitest';
import { lintVirtual } from './virtual';

const ruleIds = async (code: string, filePath: string): Promise<string[]> => (await lintVirtual(code, filePath)).map((m) => m.ruleId ?? '');

describe('type-aware lint', () => {
  it('flags a floating promise and a promise passed where a callback returns void', async () => {
    const code =
      'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\nexport const handlers = [1].forEach(async () => save());\n';
    const ids = await ruleIds(code, 'src/main/cache/x.ts');
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
    expect(ids).toContain('@typescript-eslint/no-misused-promises');
  });

  it('accepts the same code once the promise is handled', async () => {
    const code = 'async function save(): Promise<void> {}\nexport async function run(): Promise<void> {\n  await save();\n}\n';
    expect(await ruleIds(code, 'src/main/cache/x.ts')).toEqual([]);
  });

  it('lints plain JS scripts without type information', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const read = () => readFileSync('x');\n";
    expect(await ruleIds(code, 'scripts/x.mjs')).toEqual([]);
  });
});
