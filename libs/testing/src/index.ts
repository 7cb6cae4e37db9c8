export * from './http-client';
export * from './loopback';
export * from './schema';
export * from './service-harness';
export * from './test-env';
export * from './nats-service';
export * from './google-fake';
export * from './log-capture';
