import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SQL_LIVES_IN_REPOSITORIES =
  'SQL lives in server/db/repositories/: add a method to a repository and call it (docs/architecture.md).';
/** Kysely's query-building entry points. */
const QUERY_BUILDERS = [
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'selectNoFrom',
  'with',
  'withRecursive',
  'executeQuery',
];

export default tseslint.config(
  // reportWorkerBoot.mjs registers tsx in a worker thread: plain JavaScript, outside the TypeScript project.
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'e2e/screenshots/**', '*.cjs', 'server/**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // All SQL lives in server/db/ (repositories, migrations): everything else calls a repository.
    files: ['server/**/*.ts', 'common/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: SQL_LIVES_IN_REPOSITORIES }],
          patterns: [{ group: ['kysely/*'], message: SQL_LIVES_IN_REPOSITORIES }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: SQL_LIVES_IN_REPOSITORIES,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_LIVES_IN_REPOSITORIES },
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Write through uow.transaction(async (tx) => …) (server/db/unitOfWork.ts).',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read loosely typed JSON answers; asserting on them is the point.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
