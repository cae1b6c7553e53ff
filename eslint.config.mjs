import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'tests/load/k6/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `any` is an error outside tests; the few that must stay carry an eslint-disable line saying why.
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // tests/load is a tool whose figures people act on (the bench, pod sizing): it keeps the `any` rule
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'tests/hardening/**', 'tests/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['scripts/**', 'tests/load/**', '**/scripts/**', 'tests/e2e/**'], rules: { 'no-console': 'off' } },
);
