import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service';

/** GET /health: 200 only when Postgres, Redis, NATS and every service answer; otherwise 503. Each is only `ok` or `down`. */
export function registerHealthCheck(app: FastifyInstance, health: HealthService) {
  app.get('/health', async (_req, reply) => {
    const current = await health.current();
    return reply.code(current.status === 'ok' ? 200 : 503).header('Cache-Control', 'no-store').send(current);
  });
}
