// Lint enforces the process boundaries of design.md:
// - src/shared imports nothing from node or electron (it runs in every process);
// - src/renderer imports only itself and src/shared (no node, no electron, no main);
// - src/preload takes only types from the contract (no zod in the preload bundle), no node built-ins;
// - in src/main only index.ts imports runtime values from electron; every other module is plain Node;
// - inside src/main each folder imports only the layers build/lint/main-layers.js lists for it.
// It also keeps English sentences out of errors: the dealer reads an error's message code, in their language.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { mainLayersRule } from './build/lint/main-layers.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const restrict = (extra = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', extra],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  // Type-aware lint: strictTypeChecked, with the type information of the project's own tsconfigs
  // (the project service finds tsconfig.node.json or tsconfig.web.json through tsconfig.json's
  // references). Plain JS files are linted without types below.
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // strictTypeChecked, adjusted (each with its reason):
      // - numbers in template strings are how messages and SQL placeholders are built here; their
      //   rendering is well defined. Objects, nullish values, booleans and `any` are still flagged.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // - `onClick={() => setOpen(false)}` is the idiom in React, and `return send(res, 403)` the
      //   early exit of a function that itself returns void; a void value used anywhere else (in
      //   a condition, an assignment, returned where a value is expected) is still flagged.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // - off: an `async` function with no `await` is how a handler implements a Promise-returning
      //   contract (the bridge's handlers, fastify routes, test doubles) so that a throw becomes a
      //   rejection; the rule's fix (drop `async`, return Promise.resolve) would make those throws
      //   synchronous. Floating and misused promises are caught by no-floating-promises,
      //   no-misused-promises and await-thenable, which stay on.
      '@typescript-eslint/require-await': 'off',
      // - off: the objects we delete keys from are records that must stay plain objects — the
      //   accounts saved as JSON, copies of process.env, typed option objects where an absent key
      //   means "unset" (a key set to undefined would survive structured clone and toStrictEqual).
      //   The rule's alternative, a Map, serialises to {}.
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    // An error names its text by a message code (codedError, shared/i18n/messages.ts); a sentence
    // written here would reach a pt-BR dealer in English.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError'][arguments.1.type=/^(Literal|TemplateLiteral|BinaryExpression)$/]",
          message: 'An error says what happened as a message code: codedError(kind, { code, params }) with the text in both dictionaries (src/shared/i18n).',
        },
      ],
    },
  },
  {
    // Tests and benchmarks: a wrong `!` fails the run on that line (a TypeError with the stack),
    // which is what an assertion helper would do, with less noise. The app's code gets no `!`.
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching, expect.objectContaining…)
    // are typed `any` by design and only ever flow into toEqual/toMatchObject/toThrow. The other
    // no-unsafe-* rules stay on in tests (a JSON.parse result still has to be typed to be used).
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Plain Node scripts (scripts/, bin/, configs). TypeScript files get their globals from @types/node.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: Object.fromEntries(
        ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'].map((g) => [g, 'readonly']),
      ),
    },
    // Importing `process` from node:process explicitly is fine too.
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-redeclare': ['error', { builtinGlobals: false }] },
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
        {
          group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/preload', '**/preload/**', '**/sandbox', '**/sandbox/**', 'electron/*'],
          message: 'src/shared imports only itself.',
        },
      ],
    }),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: restrict({
      paths: [...nodeBuiltins, 'electron'].map((name) => ({ name, message: 'The renderer is sandboxed: no node or electron.' })),
      patterns: [
        {
          group: ['**/main', '**/main/**', '**/preload', '**/preload/**', '**/sandbox', '**/sandbox/**', 'electron/*'],
          message: 'The renderer imports only itself and src/shared.',
        },
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
        {
          group: ['**/shared/contract', '**/shared/contract.*'],
          allowTypeImports: true,
          message: 'The preload takes only types from the contract; channel names come from shared/channel-names.',
        },
        {
          group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/sandbox', '**/sandbox/**'],
          message: 'The preload imports only itself and src/shared.',
        },
      ],
    }),
  },
  {
    files: ['src/main/**/*.ts', 'src/sandbox/**/*.ts'],
    ignores: ['src/main/index.ts'],
    rules: restrict({
      paths: [
        {
          name: 'electron',
          allowTypeImports: true,
          message: 'Only src/main/index.ts imports runtime values from electron: pass what you need in as arguments.',
        },
      ],
      patterns: [
        { group: ['**/renderer', '**/renderer/**', '**/preload', '**/preload/**'], message: 'Main-side code does not import the renderer or preload.' },
      ],
    }),
  },
  {
    files: ['src/main/**/*.ts'],
    plugins: { showroom: { rules: { 'main-layers': mainLayersRule } } },
    rules: { 'showroom/main-layers': 'error' },
  },
);
