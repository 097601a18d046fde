// The lint rules the house style asks for (docs/development.md, "Checks"):
// promises are awaited or handed on, nothing unused stays, and imports used
// only as types say so. Formatting is Prettier's (`prettier --check .`);
// import cycles are test/architecture/cycles.test.ts's, over the same import
// graph as the layer rules.

import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'golden/**',
      'examples/**',
      'reports/**',
      '.stryker-tmp/**',
      '.scratch/**',
      '**/generated/**',
      'test/cases/**',
      'test/support/*/**',
      'chart/**',
      'templates/**',
      'schemas/**',
      'bundle/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.js', '**/*.mjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: ['./tsconfig.json', './tsconfig.scripts.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Scripts with a declaration beside them (`x-lib.mjs` and `x-lib.d.mts`): TypeScript reads the
    // declaration, so no program holds the script; bin/, whose launcher imports the committed bundle; and
    // action/, the GitHub Action's entry (Node built-ins only, run by the runner's own Node).
    // These are linted without type information.
    files: ['scripts/*-lib.mjs', 'bench/fleet-generator.mjs', 'bench/pack-outputs.mjs', 'bin/**/*.js', 'action/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
