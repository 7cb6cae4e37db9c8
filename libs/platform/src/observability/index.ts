export * from './labels';
export * from './metrics';
export * from './metrics-server';
export * from './platform-metrics';
export * from './provider-calls';
export * from './service-scope';
export * from './tracing';
