import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared -> features -> app. A feature never reaches into another feature;
// what two features share moves to shared/.
const layers = [
  { type: 'shared', pattern: ['apps/*/src/shared', 'apps/*/src/db', 'apps/*/src/config'] },
  { type: 'feature', pattern: 'apps/*/src/features/*', capture: ['app', 'feature'] },
  { type: 'seed', pattern: 'apps/api/src/seed' },
  // Everything else under src (app.ts, server.ts, main.tsx, app/): the first matching descriptor wins.
  { type: 'app', pattern: 'apps/*/src' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'reports/**',
      'test-results/**',
      'apps/api/src/db/schema.generated.ts',
      'apps/api/test/openapi-client/schema.generated.d.ts*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // notistack loads after the first paint: its functions are reached through the toaster
      // (decision 256); its types may be imported anywhere.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'notistack',
              allowTypeImports: true,
              message: 'Use toast or useSnackbar of shared/notifications (decision 256).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/shared/notifications/toast-host.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'boundaries/include': ['apps/*/src/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                {
                  to: {
                    element: {
                      type: 'feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                },
              ],
            },
            {
              from: { element: { type: 'seed' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'seed'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: {
                to: { element: { types: { anyOf: ['shared', 'feature', 'seed', 'app'] } } },
              },
            },
          ],
        },
      ],
    },
  },
);
