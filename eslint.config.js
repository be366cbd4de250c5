// Lint for the whole workspace. Import boundaries (STYLE.md 5): features never import each
// other, the web app never imports server code, the contract imports nothing of ours.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/include': ['apps/*/src/**/*', 'packages/*/src/**/*'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'packages/contract/src' },
        // The server's layers: db/ sits below the services (modules/) and the demo seed above them.
        { type: 'server-db', pattern: 'apps/server/src/db' },
        { type: 'server-services', pattern: 'apps/server/src/{modules,demo}' },
        { type: 'server', pattern: 'apps/server/src' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-ui', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-root', pattern: 'apps/web/src/*' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
            { from: { element: { type: 'server-db' } }, allow: { to: { element: { types: { anyOf: ['server-db', 'server', 'contract'] } } } } },
            { from: { element: { types: { anyOf: ['server', 'server-services'] } } }, allow: { to: { element: { types: { anyOf: ['server', 'server-db', 'server-services', 'contract'] } } } } },
            { from: { element: { type: 'web-lib' } }, allow: { to: { element: { types: { anyOf: ['web-lib', 'contract'] } } } } },
            { from: { element: { type: 'web-ui' } }, allow: { to: { element: { types: { anyOf: ['web-ui', 'web-lib', 'contract'] } } } } },
            {
              from: { element: { type: 'web-feature' } },
              allow: [
                { to: { element: { types: { anyOf: ['web-ui', 'web-lib', 'contract'] } } } },
                { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
              ],
            },
            { from: { element: { types: { anyOf: ['web-app', 'web-root'] } } }, allow: { to: { element: { types: { anyOf: ['web-app', 'web-root', 'web-feature', 'web-ui', 'web-lib', 'contract'] } } } } },
            { allow: [{ to: { module: { origin: 'external' } } }, { to: { module: { origin: 'core' } } }] },
          ],
        },
      ],
    },
  },
);
