import { randomUUID } from 'node:crypto';
import type { Type } from '@nestjs/common';
import {
  DomainError,
  type RequestContext,
  type RequestInputOf,
  type ResponseOf,
  type RpcDeclaration,
  type ServiceName,
  type Tier,
} from '@jarvis/contracts';
import { RpcClient, startService, type RunningService } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { listenTo, type Published, type PublishedOptions } from './published';
import { createTestEnv, type TestEnv } from './test-env';
import { type Truthy, waitFor, type WaitForOptions } from './wait-for';

/** A user the gateway would have signed in: users live in the gateway, services only see ids. */
export interface TestUser {
  id: string;
  /** The context the gateway sends for this user (the tier it was created with). */
  ctx: RequestContext;
}

/** Who calls: a test user, a bare user id, or null (undefined) for a visitor on a public endpoint. */
export type Caller = TestUser | string | null | undefined;

export interface ServiceHarnessOptions<F extends object> {
  /** Variables set before the service starts; undefined unsets one (e.g. a provider key the test wants absent). */
  env?: Record<string, string | undefined>;
  /** Names the run's database and prefixes; the service name by default. */
  label?: string;
  /** The service's own factories (`newReminder`...), kept beside its tests and merged into the harness. */
  factories?: (harness: ServiceHarness) => F;
}

export interface ServiceHarness {
  env: TestEnv;
  service: RunningService;
  /** A connection of the test's own (subjects carry env.natsPrefix); `published` covers listening and standing in. */
  nc: NatsConnection;
  rpc: RpcClient;
  dataSource: DataSource;
  /** A provider of the running service, e.g. a scheduler whose tick() the test drives. */
  get<T>(token: Type<T> | string | symbol): T;
  newUser(tier?: Tier): TestUser;
  ctx(caller: Caller, tier?: Tier): RequestContext;
  /**
   * Calls an endpoint as the gateway would (or an internal subject as another service would): the input parsed
   * with the declaration's own schema.
   */
  call<E extends RpcDeclaration>(endpoint: E, input: RequestInputOf<E>, caller?: Caller, tier?: Tier): Promise<ResponseOf<E>>;
  /** The DomainError an endpoint answers (fails the test if it succeeds). */
  fail<E extends RpcDeclaration>(endpoint: E, input: RequestInputOf<E>, caller?: Caller, tier?: Tier): Promise<DomainError>;
  /**
   * The DomainError the service itself answers for input that skipped the gateway's schema (another service's call,
   * a malformed id): it must be a 4xx, never a 500.
   */
  failUnchecked(endpoint: RpcDeclaration, data: unknown, caller?: Caller): Promise<DomainError>;
  /**
   * Records what is published on `subject` (the run's prefix applied; a wildcard such as `live.>` or a declaration
   * works too): the service's events, live events and requests to other services, from now on. With `reply`, the
   * test answers those requests as the other service would. Stopped when the harness closes.
   *
   * ```ts
   * const tiers = await h.published<EventEnvelope<'evt.billing.tier.changed'>>('evt.billing.tier.changed');
   * const calendar = await h.published(api.calendar.reminders, { reply: ({ body }) => remindersOf(body.ctx.userId) });
   * ```
   */
  published<T = any>(subject: string | { subject: string }, options?: PublishedOptions<T>): Promise<Published<T>>;
  /** Polls until `predicate` answers a truthy value and returns it, or fails saying what it waited for (`waitFor`). */
  waitFor<T>(predicate: () => T | Promise<T>, options?: WaitForOptions): Promise<Truthy<T>>;
  /** Another replica on the same database and NATS prefix, with process.env as it is now; closed with the harness. */
  startReplica(): Promise<RunningService>;
  close(): Promise<void>;
}

/**
 * The real service on the real Postgres, NATS and Redis, on a database and prefixes of its own (`createTestEnv`),
 * migrated and listening, with an RPC client to call it as the gateway does.
 *
 * ```ts
 * const h = await startServiceHarness('calendar', AppModule, { env: { REMINDER_POLL_MS: '0' } });
 * const alice = h.newUser();
 * await h.call(api.calendar.createReminder, { title: 'Call mom', when: 'tomorrow' }, alice);
 * ```
 */
export async function startServiceHarness<F extends object = object>(
  name: Exclude<ServiceName, 'gateway'>,
  module: Type<unknown>,
  options: ServiceHarnessOptions<F> = {},
): Promise<ServiceHarness & F> {
  const env = await createTestEnv(options.label ?? name);
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const replicas: RunningService[] = [];
  // Each replica closes once, whether a test closed it already or the harness does at the end.
  const start = async () => {
    const replica = await startService(name, module);
    let closing: Promise<void> | undefined;
    const running: RunningService = { ...replica, close: () => (closing ??= replica.close()) };
    replicas.push(running);
    return running;
  };
  let nc: NatsConnection | undefined;
  try {
    const service = await start();
    nc = await connect({ servers: env.env.NATS_URL });
    const rpc = new RpcClient(nc, env.natsPrefix);
    const ctx = (caller: Caller, tier?: Tier): RequestContext => {
      if (caller === null || caller === undefined) return { userId: null, tier: tier ?? 'free', requestId: `test-${randomUUID()}` };
      if (typeof caller === 'string') return { userId: caller, tier: tier ?? 'free', requestId: `test-${randomUUID()}` };
      return { ...caller.ctx, tier: tier ?? caller.ctx.tier, requestId: `test-${randomUUID()}` };
    };
    const failure = (promise: Promise<unknown>, subject: string) =>
      promise.then(
        () => {
          throw new Error(`${subject} succeeded but a failure was expected`);
        },
        (error: unknown) => {
          if (error instanceof DomainError) return error;
          throw error;
        },
      );
    const listeners: Published[] = [];
    const harness: ServiceHarness = {
      env,
      service,
      nc,
      rpc,
      dataSource: service.app.get(DataSource),
      get: (token) => service.app.get(token),
      newUser: (tier = 'free') => {
        const id = randomUUID();
        return { id, ctx: { userId: id, tier, requestId: `test-${randomUUID()}` } };
      },
      ctx,
      // async: input the contract refuses rejects (with the ZodError) like an answer would.
      call: async (endpoint, input, caller, tier) =>
        rpc.call(endpoint, endpoint.request.parse(input) as RequestInputOf<typeof endpoint>, ctx(caller, tier)),
      fail: (endpoint, input, caller, tier) => failure(harness.call(endpoint, input, caller, tier), endpoint.subject),
      // Sent as it is: what another service (or a bug) could send without the gateway's validation.
      failUnchecked: (endpoint, data, caller) => failure(rpc.call(endpoint, data, ctx(caller)), endpoint.subject),
      async published(subject, options) {
        const listener = await listenTo(nc!, env.natsPrefix, subject, options);
        listeners.push(listener);
        return listener;
      },
      waitFor,
      startReplica: start,
      async close() {
        for (const listener of listeners) await listener.stop().catch(() => undefined);
        await nc?.close();
        for (const replica of replicas.reverse()) await replica.close();
        await env.dispose();
      },
    };
    return Object.assign(harness, options.factories?.(harness));
  } catch (error) {
    await nc?.close();
    for (const replica of replicas) await replica.close().catch(() => undefined);
    await env.dispose();
    throw error;
  }
}
