// Lints code as if it were a file at `filePath`, with the project's eslint.config.js. The files do
// not exist, so the type-aware parser cannot find them in tsconfig.node.json/tsconfig.web.json: the
// project service gives them its default project instead (only for these paths). A parse error
// throws, so an assertion that expects no finding cannot pass because the file was never linted.
import { ESLint, type Linter } from 'eslint';

const VIRTUAL = [
  'src/shared/x.ts',
  'src/renderer/src/x.ts',
  'src/renderer/src/x.tsx',
  'src/preload/x.ts',
  'src/main/cache/x.ts',
  'src/main/cli/x.ts',
  'src/main/cli/commands/x.ts',
  'src/main/backend/x.ts',
  'src/main/base/x.ts',
  'src/main/browser-shell/x.ts',
  'src/main/new-folder/x.ts',
];

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: VIRTUAL, languageOptions: { parserOptions: { projectService: { allowDefaultProject: VIRTUAL } } } }],
});

export async function lintVirtual(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal === true);
  if (fatal.length > 0) throw new Error(`${filePath} was not linted: ${fatal.map((m) => m.message).join('; ')}`);
  return messages;
}
