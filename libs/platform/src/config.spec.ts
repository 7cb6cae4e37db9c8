import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, infraConfigSchema, loadConfig } from './config';
import { loadServiceConfig, ServicePlatformModule } from './platform.module';

describe('loadConfig', () => {
  it('applies defaults for local development', () => {
    const config = loadConfig(infraConfigSchema, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/jarvis');
    expect(config.NATS_SUBJECT_PREFIX).toBe('');
  });

  it('names every variable that is wrong in one message', () => {
    const schema = infraConfigSchema.extend({ STRIPE_SECRET_KEY: z.string({ error: 'is required' }) });
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x', NATS_SUBJECT_PREFIX: 'no-dot' }, 'billing')).toThrow(ConfigError);
    try {
      loadConfig(schema, { DATABASE_URL: 'mysql://x' }, 'billing');
    } catch (error) {
      expect((error as Error).message).toContain('Invalid configuration for billing');
      expect((error as Error).message).toContain('DATABASE_URL: must be a URL like postgres://');
      expect((error as Error).message).toContain('STRIPE_SECRET_KEY: is required');
    }
  });
});

describe('loadServiceConfig', () => {
  it("validates a service's own variables with the infrastructure's, naming each bad one in one message", () => {
    const token = Symbol('TEST_CONFIG');
    const schema = infraConfigSchema.extend({ POLL_MS: z.coerce.number().int().min(0) });
    ServicePlatformModule.forService({ name: 'mail', config: { token, schema }, database: { entities: [], migrations: [] } });
    expect(loadServiceConfig('mail', { POLL_MS: '5' })).toMatchObject({ POLL_MS: 5, NATS_SUBJECT_PREFIX: '' });
    expect(() => loadServiceConfig('mail', { POLL_MS: 'soon', DATABASE_URL: 'mysql://x' })).toThrow(
      /Invalid configuration for mail service:\n {2}- DATABASE_URL: must be a URL like postgres:\/\/.*\n {2}- POLL_MS: /,
    );
  });
});
