/**
 * The fakes import `startLoopback` from '@jarvis/testing', whose index also loads the vitest helpers, which refuse to
 * run outside vitest. Outside it, '@jarvis/testing' here means the loopback module alone. Imported first.
 */
import Module from 'node:module';

const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (request === '@jarvis/testing') return require.resolve('../../libs/testing/src/loopback');
  return resolveFilename.call(this, request, ...rest);
};
