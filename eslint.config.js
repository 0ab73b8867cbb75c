import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** Everywhere: relative imports without extensions, src/shared by its alias. */
const STYLE = [
  { regex: '^\\.{1,2}/.*\\.js$', message: 'Relative imports have no extension.' },
  { regex: '^(\\.\\./)+(src/)?shared/', message: 'Import src/shared as @shared/….' },
];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...STYLE, ...patterns] }] });
const WEB = { group: ['**/server/**'], allowTypeImports: true, message: 'The web app may import only types from the server.' };
// Another feature is reached through its public.ts; its pages only through the router (src/web/app).
const OTHER_FEATURES = { group: ['@web/features/*/*', '!@web/features/*/public'], message: 'Import another feature through its public.ts, not its internals.' };

/** Later blocks replace earlier ones for the files they match, so each block lists every pattern that applies. */
function importRules() {
  const rules = [
    { files: ['**/*.{ts,tsx}'], rules: restrict() },
    {
      files: ['src/shared/**/*.ts'],
      rules: restrict({ group: ['**/server/**', '**/web/**', '@web/*', 'node:*'], message: 'src/shared is pure: no server, web or Node imports.' }),
    },
    {
      files: ['src/server/**/*.ts'],
      rules: restrict({ group: ['**/web/**', '@web/*'], message: 'src/server may not import src/web; move what both need to src/shared.' }),
    },
    { files: ['src/web/**/*.{ts,tsx}'], rules: restrict(WEB) },
    {
      files: ['src/web/app/**/*.{ts,tsx}'],
      rules: restrict(WEB, {
        group: ['@web/features/*/*', '!@web/features/*/public', '!@web/features/*/pages'],
        message: 'The app shell uses a feature’s public.ts, and its pages for the router.',
      }),
    },
    {
      files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
      rules: restrict(WEB, { group: ['@web/features/**'], message: 'Shared web code does not depend on a feature.' }),
    },
  ];
  // Inside a feature a relative import never climbs out of it: one block per folder depth.
  for (let depth = 0; depth < 4; depth++) {
    rules.push({
      files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: restrict(WEB, OTHER_FEATURES, {
        regex: `^(\\.\\./){${depth + 1}}`,
        message: 'A relative import stays inside its feature; reach another through @web/features/<name>/public.',
      }),
    });
  }
  return rules;
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', '**/.tmp/**', 'backups/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // At most 5 positional parameters (the product brief): beyond that a call site cannot be read without the
      // declaration beside it, and two numbers swapped still compile; pass one named object instead.
      '@typescript-eslint/max-params': ['error', { max: 5 }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import rules (decision 118): one style everywhere, and each area reaches another only through its front door.
  ...importRules(),
  // No import cycles in src (type-only imports excluded: they vanish at run time). The resolver reads the
  // tsconfig's paths so that cycles through @shared and @web are seen too.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') }, extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Configuration is read in one place (src/server/env.ts, parsed by zod); everything else is handed what it needs.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' }] },
  },
);
