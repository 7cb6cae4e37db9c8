import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';

export interface NatsServiceOptions {
  natsUrl: string;
  /** The test run's subject prefix (`env.natsPrefix`). */
  prefix: string;
  /** The queue group: two services started with the same one share its requests. */
  queue?: string;
}

/**
 * Starts `module`'s handlers as a NATS-only Nest microservice on its own connection, the way a service runs them, for
 * tests of the platform's transport, handlers and webhooks with stand-in modules. `close()` stops it and its connection.
 */
export async function startNatsService(module: Type, { natsUrl, prefix, queue = 'probe' }: NatsServiceOptions) {
  const transport = new NatsTransport({ queue, prefix });
  transport.useConnection(await connect({ servers: natsUrl }));
  const app = await NestFactory.createMicroservice(module, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  return {
    async close() {
      await app.close();
      await transport.unwrap<NatsConnection>().close();
    },
  };
}
