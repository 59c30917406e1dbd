// Lint: typescript-eslint's type-aware recommended set over src/ and test/, and the same set
// without type information over the scripts and benches. Each rule changed says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'docs/sdk/**', 'man/**', 'completions/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      // A leading underscore names a value left out on purpose: `const { secret: _secret, ...rest } = x`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        // A catch that drops what it caught (`catch (e) { return fallback; }`) drops it on purpose.
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // An async function that does not await still turns a throw into a rejection, which the
      // callers of a Promise-returning interface (the journal, the fetch stubs of tests) rely on.
      '@typescript-eslint/require-await': 'off',
      // Rethrowing what was caught, and an abort's rejection with the signal's reason, throw what they were given.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    // Tests read the service's JSON answers as `any` and assert on them: the assertion is the check.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Terminal output is matched and escaped for its control characters on purpose (ANSI codes, C0 and C1).
    files: [
      'src/cli/man/roff.ts',
      'src/cli/output/printable.ts',
      'test/e2e/table-output.e2e.test.ts',
      'test/helpers/terminal.ts',
      'test/unit/commands-in-process.test.ts',
    ],
    rules: { 'no-control-regex': 'off' },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  // bin/ is CommonJS (bin/package.json): its entry requires the built core.
  { files: ['bin/**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
