// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const services = ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', 'frontend/public/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  // A service never imports another service or the gateway: they talk over NATS through libs/contracts.
  ...services.map((service) => ({
    files: [`services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@jarvis/gateway', '@jarvis/gateway/*', '**/gateway/src/**'], message: 'Services never import the gateway.' },
            ...services
              .filter((other) => other !== service)
              .map((other) => ({
                group: [`@jarvis/${other}`, `@jarvis/${other}/*`, `**/services/${other}/**`],
                message: `A service never imports another service (${other}); call it over NATS through @jarvis/contracts.`,
              })),
          ],
        },
      ],
    },
  })),
  {
    files: ['gateway/**/*.ts', 'libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@jarvis/chat', '@jarvis/voice', '@jarvis/telephony', '@jarvis/mail', '@jarvis/billing', '@jarvis/notifications', '@jarvis/calendar'], message: 'Only tests may import a service.' }] },
      ],
    },
  },
  {
    // Test code may read loosely typed JSON bodies.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', '**/src/testing/**/*.ts', 'libs/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
);
