import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, infraConfigSchema, loadConfig } from './config';

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
