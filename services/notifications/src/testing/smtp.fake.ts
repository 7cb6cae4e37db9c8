import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A loopback SMTP server that keeps what it receives. */
export async function startSmtpFake() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
