// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const services = ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

/** `services/<s>/src/<feature>/...` or `gateway/src/<feature>/...` → { root, feature }; a file of src itself has no feature. */
function featureOf(file) {
  const parts = relative(import.meta.dirname, file).split(sep);
  const depth = parts[0] === 'services' ? 3 : parts[0] === 'gateway' ? 2 : 0;
  if (!depth || parts[depth - 1] !== 'src' || parts.length <= depth + 1) return null;
  return { root: parts.slice(0, depth).join('/'), feature: parts[depth] };
}

/**
 * A feature owns its tables: no file imports another feature folder's `*.repository`, and none but an entity (a
 * foreign key is the schema's) imports another feature's entity class as a value, which is what a query needs
 * (`getRepository(X)`, a join on `X`). A type import of a row is no query. The sibling calls the owner's service.
 */
const featureOwnsItsTables = {
  meta: { type: 'problem', schema: [], messages: { reachIn: "'{{source}}' is the {{what}} of {{owner}}/: {{feature}}/ calls {{owner}}'s service instead (a feature owns its tables)." } },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const isEntityFile = /\.entity\.[mc]?[jt]s$/.test(context.filename);
    const check = (node, typeOnly) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source).replace(/\.[mc]?[jt]s$/, '');
      const to = featureOf(target);
      if (!to || to.root !== from.root || to.feature === from.feature) return;
      const repository = target.endsWith('.repository');
      const entity = target.endsWith('.entity') || target.split(sep).includes('entities');
      if (!repository && (!entity || typeOnly || isEntityFile)) return;
      context.report({ node, messageId: 'reachIn', data: { source, what: repository ? 'repository' : 'entity', owner: to.feature, feature: from.feature } });
    };
    const typeOnly = (node, kind) => node[kind] === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s[kind] === 'type'));
    return {
      ImportDeclaration: (node) => check(node, typeOnly(node, 'importKind')),
      ExportNamedDeclaration: (node) => check(node, typeOnly(node, 'exportKind')),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
    };
  },
};

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
  // A feature queries only its own tables (services and the gateway alike).
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    plugins: { jarvis: { rules: { 'feature-owns-its-tables': featureOwnsItsTables } } },
    rules: { 'jarvis/feature-owns-its-tables': 'error' },
  },
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
