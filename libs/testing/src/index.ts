export * from './http-client';
export * from './schema';
export * from './test-env';
