import { randomUUID } from 'node:crypto';
import { api, type Endpoint, type RequestContext, type RequestInputOf, type Tier } from '@jarvis/contracts';
import { RpcClient, startService, type RunningService } from '@jarvis/platform';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';

/** Every provider variable the chat service reads; a harness starts from none of them set. */
export const PROVIDER_VARIABLES = [
  'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_MODEL_ENTERPRISE',
  'OPENWEATHER_API_KEY', 'OPENWEATHER_BASE_URL', 'TICKETMASTER_API_KEY', 'TICKETMASTER_BASE_URL',
  'DISCORD_BOT_TOKEN', 'DISCORD_BASE_URL', 'PERPLEXITY_API_KEY', 'PERPLEXITY_BASE_URL', 'PERPLEXITY_MODEL',
];

export interface ChatHarness {
  env: TestEnv;
  service: RunningService;
  nc: NatsConnection;
  rpc: RpcClient;
  dataSource: DataSource;
  /** A new user id (users live in the gateway; chat only sees ids). */
  newUser(): string;
  ctx(userId: string | null, tier?: Tier): RequestContext;
  /** Calls an endpoint as the gateway would: input parsed with the endpoint's own schema. */
  call<E extends Endpoint>(endpoint: E, input: RequestInputOf<E>, userId: string | null, tier?: Tier): Promise<NonNullable<E['_response']>>;
  /** The DomainError an endpoint answers (fails the test if it succeeds). */
  fail<E extends Endpoint>(endpoint: E, input: RequestInputOf<E>, userId: string | null, tier?: Tier): Promise<{ kind: string; code: string; message: string; details?: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The real chat service on its own database and NATS prefix, with exactly the provider variables given. */
export async function startChat(label: string, providers: Record<string, string> = {}): Promise<ChatHarness> {
  const env = await createTestEnv(label);
  for (const name of PROVIDER_VARIABLES) delete process.env[name];
  Object.assign(process.env, providers);
  const service = await startService('chat', AppModule);
  const nc = await connect({ servers: env.env.NATS_URL });
  const rpc = new RpcClient(nc, env.natsPrefix);
  const ctx = (userId: string | null, tier: Tier = 'free'): RequestContext => ({ userId, tier, requestId: `test-${randomUUID()}` });
  const call: ChatHarness['call'] = (endpoint, input, userId, tier) => rpc.call(endpoint, endpoint.request.parse(input), ctx(userId, tier));
  return {
    env,
    service,
    nc,
    rpc,
    dataSource: service.app.get(DataSource),
    newUser: () => randomUUID(),
    ctx,
    call,
    async fail(endpoint, input, userId, tier) {
      try {
        await call(endpoint, input, userId, tier);
      } catch (error) {
        return error as { kind: string; code: string; message: string; details?: Record<string, unknown> };
      }
      throw new Error(`${endpoint.subject} succeeded but a failure was expected`);
    },
    async close() {
      await nc.close();
      await service.close();
      await env.dispose();
    },
  };
}

/** Sends a chat message with optional history, parsed like the gateway does. */
export function send(h: ChatHarness, userId: string, message: string, history: { role: 'user' | 'assistant'; content: string }[] = [], tier: Tier = 'free') {
  return h.call(api.chat.send, { message, history }, userId, tier);
}
