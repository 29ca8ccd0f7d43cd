// An error crosses the bridge and the CLI as a message code, so the dealer reads it in their
// language: lint refuses an AppError built around an English sentence.
import { describe, expect, it } from 'vitest';
import { lintVirtual } from './virtual';

async function codedErrorFindings(code: string, filePath: string): Promise<string[]> {
  return (await lintVirtual(code, filePath)).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import { AppError } from '../../shared/errors';\nconst reference = 'AB-1';\n";

describe('coded errors', () => {
  it('refuses new AppError(kind, a sentence), whether quoted, templated or concatenated', async () => {
    for (const sentence of ["'A sync is already running.'", '`There is no listing ${reference}.`', "'No listing ' + reference"]) {
      const code = `${header}export const e = new AppError('busy', ${sentence}, undefined, { code: 'sync.running' });\n`;
      expect(await codedErrorFindings(code, 'src/main/cache/x.ts'), sentence).toHaveLength(1);
    }
  });

  it('accepts codedError, and an AppError rebuilt from a shape that carries its code', async () => {
    const coded = "import { codedError } from '../../shared/i18n/messages';\nexport const e = codedError('busy', { code: 'sync.running' });\n";
    expect(await codedErrorFindings(coded, 'src/main/cache/x.ts')).toEqual([]);
    const rebuilt = `${header}declare const said: { message: string; code: string };\nexport const e = new AppError('busy', said.message, undefined, { code: said.code });\nexport const r = reference;\n`;
    expect(await codedErrorFindings(rebuilt, 'src/main/cache/x.ts')).toEqual([]);
  });
});
