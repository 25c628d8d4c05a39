import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.data/**',
      'client/src/gql/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Layers point down: the doors (api/graphql, api/rest), the HTTP layer (http/) and the
    // composition root call the domain (modules/); the domain never imports them back.
    files: ['server/src/modules/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(api|http|graphql|rest)(/|$)',
              message:
                'modules/ (the domain) imports nothing from api/, http/, graphql/ or rest/: pass what a service needs (an Actor, a plain value) from the door.',
            },
            {
              regex: '^(\\.\\./)+(app|composition|main)\\.js$',
              message:
                'modules/ (the domain) does not import the app or the composition root: they build the services, not the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // @tienda/rules is pure TypeScript both sides import: nothing but its own modules below it.
    files: ['rules/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/)',
              message:
                '@tienda/rules imports only its own modules (no server, React, GraphQL or npm package).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
