// Lint for the whole workspace. Import boundaries (STYLE.md 5 and 13): features never import each
// other, the web app never imports server code, the contract imports nothing of ours; on the
// server, plugins/ import no module, lib/ imports neither, and neither reaches one through a root
// file (docs/decisions/057). `npm run lint` also runs scripts/check-import-cycles.mjs: no import
// cycles, type-only imports included.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The element patterns and tsconfig paths below are from here, whatever directory ESLint runs in. */
const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const anyOf = (...types) => ({ element: { types: { anyOf: types } } });

/*
 * The server's layers, lowest first: lib/ (no Fastify app, no domain) and db/, plugins/
 * (cross-cutting Fastify concerns: auth, errors, rate limits, realtime, the API reference), then
 * the services and routes of modules/ and the demo seed. The other files of apps/server/src are
 * `server`, in two kinds (boundaries/files below): the context files (app-context.ts, config.ts,
 * route-table.ts, ...: types and settings every layer may read) import no plugin, module or
 * wiring file; every other one (app.ts, server.ts, cluster.ts, cli/, a new root file until it is
 * listed as context) is wiring, which may import anything and which lib/, db/, plugins/, context
 * files and modules may not import, so that no root file re-exporting a module carries a plugin
 * past the rule (checkInternals: the two kinds are one element, whose imports within itself the
 * rule would otherwise skip). A plugin that needs a module's work is handed it by buildApp
 * (modules/auth/session-authority.ts); a module that needs the current user takes it from a
 * plugin's helper (plugins/auth.ts currentUser) or as an argument.
 */
const SERVER = ['server', 'server-db', 'server-services', 'server-plugins', 'server-lib', 'contract'];
const serverContext = { element: { type: 'server' }, file: { categories: 'server-context' } };
const serverWiring = { element: { type: 'server' }, file: { categories: 'server-wiring' } };
/** What every server layer may import: the layers below the plugins, the context files and the contract. */
const SERVER_BASE = [anyOf('server-lib', 'server-db', 'contract'), serverContext];
const policies = [
  { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
  { from: anyOf('server-lib', 'server-db'), allow: { to: SERVER_BASE } },
  { from: serverContext, allow: { to: SERVER_BASE } },
  { from: { element: { type: 'server-plugins' } }, allow: { to: [...SERVER_BASE, anyOf('server-plugins')] } },
  { from: { element: { type: 'server-services' } }, allow: { to: [...SERVER_BASE, anyOf('server-plugins', 'server-services')] } },
  { from: serverWiring, allow: { to: anyOf(...SERVER) } },
  { from: { element: { type: 'web-lib' } }, allow: { to: anyOf('web-lib', 'contract') } },
  { from: { element: { type: 'web-ui' } }, allow: { to: anyOf('web-ui', 'web-lib', 'contract') } },
  {
    from: { element: { type: 'web-feature' } },
    allow: [
      { to: anyOf('web-ui', 'web-lib', 'contract') },
      { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
    ],
  },
  { from: anyOf('web-app', 'web-root'), allow: { to: anyOf('web-app', 'web-root', 'web-feature', 'web-ui', 'web-lib', 'contract') } },
  { allow: [{ to: { module: { origin: 'external' } } }, { to: { module: { origin: 'core' } } }] },
];
// A server test builds the whole app and reaches any layer it drives (a plugin's test starts sessions);
// so do test helpers (src/test/, a module's *-test-helpers.ts).
const serverTestPolicies = [...policies, { from: anyOf(...SERVER), allow: { to: anyOf(...SERVER) } }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', '**/drizzle/meta/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: [`${repoRoot}/apps/*/tsconfig.json`, `${repoRoot}/packages/*/tsconfig.json`], noWarnOnMultipleProjects: true } },
      'boundaries/root-path': repoRoot,
      'boundaries/include': ['apps/*/src/**/*', 'packages/*/src/**/*'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'packages/contract/src' },
        { type: 'server-db', pattern: 'apps/server/src/db' },
        { type: 'server-services', pattern: 'apps/server/src/{modules,demo}' },
        { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
        { type: 'server-lib', pattern: 'apps/server/src/lib' },
        { type: 'server', pattern: 'apps/server/src' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-ui', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-root', pattern: 'apps/web/src/*' },
      ],
      // The kinds of root file (see the layers above); the first pattern that matches decides.
      'boundaries/files': [
        { category: 'server-context', pattern: 'apps/server/src/{app-context,config,config-error,route-table,startup-notices,vapid-config}.ts' },
        { category: 'server-wiring', pattern: 'apps/server/src/{*.ts,!(db|demo|lib|modules|plugins)/**}' },
      ],
      'boundaries/files-single-match': true,
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', checkInternals: true, policies }] },
  },
  {
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*-test-helpers.ts', 'apps/server/src/test/**/*.ts'],
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', checkInternals: true, policies: serverTestPolicies }] },
  },
);
