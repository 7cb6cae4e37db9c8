export * from './job-processor';
export * from './job-queue';
export * from './queue.module';
export * from './queue-settings';
