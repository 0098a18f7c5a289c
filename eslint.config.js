// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'web/dist*/', 'web/src/api/openapi.d.ts', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Engine threads may load these modules' TypeScript sources through Node's type transform, which needs
    // type-only imports written as such.
    files: ['src/engine/**', 'src/contracts/**', 'src/analysis-worker/**'],
    rules: { '@typescript-eslint/consistent-type-imports': 'error' },
  },
  {
    // The dashboard runs in the browser; hooks follow React's rules.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', sessionStorage: 'readonly' } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['bench/**', 'scripts/**', 'tools/train-sentiment/**', 'src/cli.ts', 'src/demo.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The tests' HTTP client hands back loosely typed bodies on purpose: assertions check their shape.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
