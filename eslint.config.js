// Lint enforces the process boundaries of design.md:
// - src/shared imports nothing from node or electron (it runs in every process);
// - src/renderer imports only itself and src/shared (no node, no electron, no main);
// - src/preload takes only types from the contract (no zod in the preload bundle), no node built-ins;
// - in src/main only index.ts imports runtime values from electron; every other module is plain Node.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const restrict = (extra = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', extra],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Plain Node scripts (scripts/, bin/, configs). TypeScript files get their globals from @types/node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'].map((g) => [g, 'readonly']),
      ),
    },
    // Importing `process` from node:process explicitly is fine too.
    rules: { 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    // The renderer's React: the rules of hooks (and the React Compiler's checks that come with
    // them) and accessibility on the JSX itself; axe checks the rendered screens in the e2e suite.
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: restrict({
      paths: [...nodeBuiltins, 'electron'].map((name) => ({ name, message: 'src/shared runs in every process: no node or electron imports.' })),
      patterns: [
        { group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/preload', '**/preload/**', '**/sandbox', '**/sandbox/**', 'electron/*'], message: 'src/shared imports only itself.' },
      ],
    }),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: restrict({
      paths: [...nodeBuiltins, 'electron'].map((name) => ({ name, message: 'The renderer is sandboxed: no node or electron.' })),
      patterns: [
        { group: ['**/main', '**/main/**', '**/preload', '**/preload/**', '**/sandbox', '**/sandbox/**', 'electron/*'], message: 'The renderer imports only itself and src/shared.' },
      ],
    }),
  },
  {
    // The preload is sandboxed and small: the bridge, channel names, error kinds. The contract's
    // zod schemas stay out of it (types only); main validates every input.
    files: ['src/preload/**/*.ts'],
    rules: restrict({
      paths: [
        ...nodeBuiltins.map((name) => ({ name, message: 'The preload is sandboxed: no node built-ins.' })),
        { name: 'zod', message: 'No schemas in the preload: main validates every input.' },
      ],
      patterns: [
        { group: ['**/shared/contract', '**/shared/contract.*'], allowTypeImports: true, message: 'The preload takes only types from the contract; channel names come from shared/channel-names.' },
        { group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/sandbox', '**/sandbox/**'], message: 'The preload imports only itself and src/shared.' },
      ],
    }),
  },
  {
    files: ['src/main/**/*.ts', 'src/sandbox/**/*.ts'],
    ignores: ['src/main/index.ts'],
    rules: restrict({
      paths: [{ name: 'electron', allowTypeImports: true, message: 'Only src/main/index.ts imports runtime values from electron: pass what you need in as arguments.' }],
      patterns: [{ group: ['**/renderer', '**/renderer/**', '**/preload', '**/preload/**'], message: 'Main-side code does not import the renderer or preload.' }],
    }),
  },
);
