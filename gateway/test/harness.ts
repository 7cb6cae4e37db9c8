import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestEnv, type TestEnv, TestHttpClient } from '@jarvis/testing';
import type { AddressInfo } from 'node:net';

export interface GatewayHarness {
  env: TestEnv;
  app: NestFastifyApplication;
  baseUrl: string;
  client(options?: { ajaxHeader?: boolean }): TestHttpClient;
  close(): Promise<void>;
}

/** A gateway on a random port with its own database, Redis prefix and NATS prefix. */
export async function startGateway(label: string, extraEnv: Record<string, string> = {}): Promise<GatewayHarness> {
  const env = await createTestEnv(label);
  Object.assign(process.env, extraEnv);
  const { createGateway } = await import('../src/gateway');
  const app = await createGateway();
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    env,
    app,
    baseUrl,
    client: (options) => new TestHttpClient(baseUrl, options),
    async close() {
      await app.close();
      await env.dispose();
    },
  };
}

let counter = 0;
export function uniqueName(base = 'user') {
  counter += 1;
  return `${base}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}
