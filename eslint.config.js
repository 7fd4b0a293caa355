import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
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
  comments.recommended,
  {
    rules: {
      // A disabled rule says why beside it (`-- reason`), or lint fails; the enable that closes it needs none.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
    },
  },
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
  // Boundaries (issue 11 point 4, docs/decisions/019-shared-code-and-boundaries.md). Relative and
  // aliased specifiers are both matched, so a `../../` cannot walk around a rule.
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.\\./)+server/)',
              message: 'The storefront reaches the backend over HTTP only (callApi), never by import.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.\\./)+server/)',
              message: 'The storefront reaches the backend over HTTP only (callApi), never by import.',
            },
            {
              regex: '^(~/|(\\.\\./)+)(components|routes)/',
              message: 'app/lib serves components and routes, never the other way: move the shared part into app/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.\\./)+server/)',
              message: 'The storefront reaches the backend over HTTP only (callApi), never by import.',
            },
            {
              regex: '^(~/|(\\.\\./)+)routes/',
              message: 'Components never import routes: put shared types and rules in app/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared places are imported by the backend: they import only each other (and packages).
    files: ['app/lib/contract/**/*.ts', 'app/lib/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.\\./)+server/)',
              message: 'The storefront reaches the backend over HTTP only (callApi), never by import.',
            },
            {
              regex: '^~/(?!lib/(contract|shared)/)',
              message: 'app/lib/contract and app/lib/shared import only each other: the backend imports them too.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.\\./)+app/)(?!lib/(contract|shared)/)',
              message:
                'The backend imports from the storefront only app/lib/contract and app/lib/shared (move what both use there).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      '.ci/**',
      'e2e/**',
      'server/db/cli-*.ts',
      'server/inventory/import/cli.ts',
      'server/desk/cli-*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Types instead of casts (issue 11 point 5, docs/decisions/027-types-instead-of-casts.md): app code
    // narrows with zod, type guards (app/lib/shared/guards.ts), `satisfies` and generics. A cast that
    // remains says why in its `eslint-disable-next-line … -- reason`. `as const` stays allowed.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
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
