import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceMetrics } from './metrics';

/**
 * `GET /metrics` in the Prometheus text format on a port of its own (METRICS_PORT), never the public one: one server
 * per service instance, answering that service's series and the process's. Anything else is 404.
 */
export class MetricsServer {
  private server?: Server;

  constructor(private readonly metrics: ServiceMetrics) {}

  /** The port it listens on (the one the system chose when asked for 0), once listening. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async listen(port: number, host?: string): Promise<number> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      this.metrics.text().then(
        (text) => {
          res.writeHead(200, { 'content-type': this.metrics.contentType });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (error: Error) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error.message}\n`),
      );
    });
    // A scrape holds no connection open: never keep the process alive for one.
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.unref();
    this.server = server;
    return this.port!;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
