import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
// Every feature folder, so a new area is kept apart from the others without editing this file.
const features = fs
  .readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // openapi-typescript's output, checked against the served document by openapi-contract.test.ts.
      'apps/server/test/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // bulletproof-react's one-way imports: app → features → components/lib → domain; features stay apart.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `./${web}/features`, from: `./${web}/app`, message: 'features must not import the app shell' },
            {
              target: [`./${web}/components`, `./${web}/lib`],
              from: [`./${web}/features`, `./${web}/app`],
              message: 'shared code must not import features or the app',
            },
            ...features.map((area) => ({
              target: `./${web}/features/${area}`,
              from: `./${web}/features`,
              except: [`./${area}`],
              message: 'features do not import each other: move shared code to components/ or lib/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'drizzle-orm*', 'react*'],
              message: 'the domain package is pure: no I/O, no framework',
            },
          ],
        },
      ],
    },
  },
);
