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

const server = 'apps/server/src';
const modules = fs
  .readdirSync(new URL(`./${server}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// What one module may take from another: each module's public face, listed on purpose.
const moduleExports = [
  './jobs/index.ts',
  './call-analysis/index.ts',
  // Who may read an opportunity, and who owns an incoming one, is one rule for every module.
  './opportunities/scope.ts',
  './opportunities/owner.ts',
  './opportunities/changes.ts',
  // The opportunities' filters mean the same rows in every view of them (the list, the pipeline board).
  './opportunities/filters.ts',
  // A deal's company finds its account one way, on every path that writes a deal (issue 36).
  './accounts/resolve.ts',
  './accounts/deals.ts',
  // A CSV import's Idempotency-Key is kept one way, whatever it imports (deals, accounts, contacts).
  './opportunities/import.ts',
  // The audit log is written one way: team administration's and a contact's erasure (issue 36).
  './team-admin/audit.ts',
  // A call's attendees become the deal's account's contacts when a transcript arrives through the ingest API.
  './contacts-io/index.ts',
  // Who sees which account and contact is one rule for every module (issue 36).
  './accounts/scope.ts',
  // Accounts (create, disable, set a password) are made one way, by the CLI and by team administration.
  './users/service.ts',
  // A manager who leaves or steps down: team administration revokes the API keys they created.
  './integrations/index.ts',
  // A change puts its webhook events in the outbox in its own transaction, from whichever module makes it (issue 37).
  './webhooks/outbox.ts',
  // A change to a task or a deal's meeting asks for a sync of its owner's calendar in its own transaction (decision 042).
  './calendar/enqueue.ts',
  // A manager's figures are read one way: the weekly digest and the deals-at-risk notifications call the pages' own functions (issue 37).
  './insights/service.ts',
  './tasks/service.ts',
  // A note's mentions are told one way, through the person's preferences, in the note's transaction (issue 37).
  './notifications/notify.ts',
];

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
    files: [`${server}/**/*.ts`],
    rules: {
      // The server's layers: db/ is the bottom, http/ is shared plumbing, modules stay apart.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `./${server}/db`,
              from: [`./${server}/modules`, `./${server}/http`, `./${server}/auth`, `./${server}/cli`],
              message: 'db/ is the bottom layer: it imports no module, route plumbing, auth or command',
            },
            {
              // How a read's values travel (literal, parameter, unseen by the planner) is decided in one place.
              target: `./${server}/modules`,
              from: `./${server}/db/prepared`,
              except: ['./reads.ts'],
              message: 'modules say what a value is through db/prepared/reads.ts; how it travels is decided there',
            },
            {
              target: `./${server}/http`,
              from: `./${server}/modules`,
              message: 'http/ is shared by every module: it imports none',
            },
            ...modules.map((area) => ({
              target: `./${server}/modules/${area}`,
              from: `./${server}/modules`,
              except: [`./${area}`, ...moduleExports],
              message:
                "modules do not reach into each other: use the other module's index.ts, or list the file in eslint.config.js",
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
