// ESLint (flat config): typescript-eslint's recommended rules, and the import directions of DESIGN §2 —
// contract imports nothing of ours, the web never imports the server, the platform never imports a module.
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'data/**', 'e2e/screenshots/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict([
      { group: ['@kayuh/*', '**/server/**', '**/web/**', '**/e2e/**'], message: 'contract imports nothing of ours: it is what the others share.' },
    ]),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@kayuh/server', '@kayuh/server/*', '**/server/src/**'],
        message: 'The web talks to the server over HTTP only; share through contract.',
      },
    ]),
  },
  {
    files: ['server/src/platform/**/*.ts'],
    rules: restrict([{ group: ['**/modules/**'], message: 'platform/ is what modules stand on; it never imports a module.' }]),
  },
);
