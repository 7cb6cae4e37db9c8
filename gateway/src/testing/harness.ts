import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_SCOPE, type ServiceScope } from '@jarvis/platform';
import { createTestEnv, type TestEnv, TestHttpClient } from '@jarvis/testing';
import type { AddressInfo } from 'node:net';

export interface GatewayHarness {
  env: TestEnv;
  app: NestFastifyApplication;
  baseUrl: string;
  client(options?: { ajaxHeader?: boolean; headers?: Record<string, string> }): TestHttpClient;
  close(): Promise<void>;
}

/**
 * Tests create many accounts from 127.0.0.1: the per-IP sign-up allowance is raised unless a test sets its own.
 */
const TEST_DEFAULTS: Record<string, string> = { SIGNUP_MAX_PER_IP_HOUR: '100000' };

/** A gateway on a random port with its own database, Redis prefix and NATS prefix. */
export async function startGateway(label: string, extraEnv: Record<string, string> = {}): Promise<GatewayHarness> {
  const env = await createTestEnv(label);
  const gateway = await listen(env, { ...TEST_DEFAULTS, ...extraEnv });
  return {
    ...gateway,
    async close() {
      await gateway.close();
      await env.dispose();
    },
  };
}

/**
 * A second gateway replica of `of`: same database, Redis and NATS prefixes and settings, its own process-local
 * caches. Closing it leaves the shared environment to `of`.
 */
export async function startReplica(of: GatewayHarness, extraEnv: Record<string, string> = {}): Promise<GatewayHarness> {
  Object.assign(process.env, of.env.env);
  return listen(of.env, extraEnv);
}

async function listen(env: TestEnv, extraEnv: Record<string, string>): Promise<GatewayHarness> {
  Object.assign(process.env, extraEnv);
  const { createGateway } = await import('../gateway');
  const app = await createGateway();
  await app.get<ServiceScope>(SERVICE_SCOPE).run(() => app.listen(0, '127.0.0.1'));
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    env,
    app,
    baseUrl,
    client: (options) => new TestHttpClient(baseUrl, options),
    close: () => app.close(),
  };
}

let counter = 0;
export function uniqueName(base = 'user') {
  counter += 1;
  return `${base}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}
