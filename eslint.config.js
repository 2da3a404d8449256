import { dirname, join, relative, resolve } from 'node:path';
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

const WEB = join(import.meta.dirname, 'web');

/**
 * The walls of the web app (docs/architecture.md, STYLE.md practice 16), checked on every import,
 * export … from and import() of web/: a screen (web/routes/<screen>/) never imports another screen;
 * features, components and the layers below never import a screen; web/components/ knows no
 * feature; and a feature is entered from outside only through its index.ts. Specifiers are resolved
 * (the @web alias and relative paths alike), so `../project/x` is caught as `@web/routes/project/x` is.
 */
function webWallBroken(fromFile, specifier) {
  let target;
  if (specifier.startsWith('@web/')) target = join(WEB, specifier.slice('@web/'.length));
  else if (specifier.startsWith('.')) target = resolve(dirname(fromFile), specifier);
  else return null;
  const from = relative(WEB, fromFile).split(/[\\/]/);
  const to = relative(WEB, target).split(/[\\/]/);
  if (from[0] === '..' || to[0] === '..') return null;
  if (to[0] === 'routes' && from[0] === 'routes' && from.length > 2 && to[1] !== from[1])
    return `Screens never import screens: web/routes/${from[1]}/ imports web/routes/${to[1]}/. Move what they share into its feature (web/features/<domain>/) or into web/components/ if it knows no domain.`;
  if (to[0] === 'routes' && ['features', 'components', 'api', 'forms', 'auth'].includes(from[0]))
    return `web/${from[0]}/ never imports a screen (web/routes/${to[1]}/): move what it needs out of the screen into a feature.`;
  if (to[0] === 'features' && ['components', 'api', 'forms'].includes(from[0]))
    return `web/${from[0]}/ knows no domain and never imports a feature (web/features/${to[1]}/): move the piece into the feature, or pass what it needs in.`;
  const inside = to.length > 2 && !(to.length === 3 && /^index(\.tsx?)?$/.test(to[2] ?? ''));
  if (to[0] === 'features' && inside && !(from[0] === 'features' && from[1] === to[1]))
    return `Enter a feature through its index.ts: import from '@web/features/${to[1]}', and export what you need there.`;
  return null;
}

/** The rule behind `proofroom/web-walls` (an equal of import/no-restricted-paths, resolving our alias). */
const webWalls = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = webWallBroken(context.filename, source.value);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const SERVER = join(import.meta.dirname, 'server');
/** The access services a route never calls: the service of the call lets the caller in. */
const DOORS = ['projectAccess', 'workspaceAccess', 'assetAccess'];

/**
 * The route convention (docs/architecture.md, "One convention for access and answers"): a route
 * authenticates, parses, calls one service and sends its answer. It never opens a door itself
 * (projectAccess, workspaceAccess, assetAccess), never asks a policy and never presents: the
 * service does all three, so every caller of a service goes through the same door.
 */
const routeConvention = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const checkImport = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = relative(SERVER, resolve(dirname(context.filename), source.value)).split(/[\\/]/);
      if (to[0] === 'policies')
        context.report({
          node: source,
          message: 'A route never asks a policy: the service it calls does (docs/architecture.md).',
        });
      if (to[0] === 'presenters')
        context.report({
          node: source,
          message:
            'A route never presents: the service it calls answers in the shape the route sends (docs/architecture.md).',
        });
    };
    return {
      ImportDeclaration: checkImport,
      ImportExpression: checkImport,
      MemberExpression(node) {
        if (node.property.type === 'Identifier' && DOORS.includes(node.property.name))
          context.report({
            node: node.property,
            message: `A route never opens the door itself (${node.property.name}): call one service with the caller's id and the path's ids; the service lets the caller in (docs/architecture.md).`,
          });
      },
    };
  },
};

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
    plugins: { 'react-hooks': reactHooks, proofroom: { rules: { 'web-walls': webWalls } } },
    rules: { ...reactHooks.configs.recommended.rules, 'proofroom/web-walls': 'error' },
  },
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { proofroom: { rules: { 'route-convention': routeConvention } } },
    rules: { 'proofroom/route-convention': 'error' },
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
