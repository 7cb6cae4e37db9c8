export * from './http-client';
// The loopback servers a test builds a one-off fake on; the shared provider fakes are '@jarvis/testing/fakes'.
export * from './fakes/loopback';
export * from './fakes/raw-loopback';
export * from './schema';
export * from './published';
export * from './service-harness';
export * from './test-env';
export * from './nats-service';
export * from './log-capture';
export * from './metrics';
export * from './otlp-receiver';
export * from './wait-for';
export * from './account-rows';
