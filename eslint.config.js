// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
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
    files: ['bench/**', 'scripts/**', 'tools/train-sentiment/**', 'src/cli.ts', 'src/demo.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The tests' HTTP client hands back loosely typed bodies on purpose: assertions check their shape.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
