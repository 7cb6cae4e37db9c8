import { connect, type NatsConnection } from 'nats';
import { createLogger } from '../logger';

const log = createLogger('nats');

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const SUBJECT_PREFIX = Symbol('SUBJECT_PREFIX');

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: false,
    // An Error (with its stack) per request only to decorate a rare timeout costs ~5% of the gateway's CPU.
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') {
        log.warn({ status: status.type, data: String(status.data) }, 'nats connection status');
      }
    }
  })();
  return nc;
}
