import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      '.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Logs go through the structured logger, which strips personal data.
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**', '.ci/**', 'e2e/**', 'server/db/cli-*.ts', 'server/inventory/import/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Commerce API paths live in the endpoint table only (app/lib/contract/endpoints): callApi,
    // the routers and the msw mocks take an entry, so a renamed path fails the typecheck.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/contract/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|public)\\//]',
          message: 'A commerce API path belongs in app/lib/contract/endpoints: pass an entry of `endpoints`.',
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(api|public)\\//]',
          message: 'A commerce API path belongs in app/lib/contract/endpoints: pass an entry of `endpoints`.',
        },
      ],
    },
  },
);
