import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService } from './health.service';

/** 200 only when Postgres, Redis, NATS and every service answer; otherwise 503. Each is only `ok` or `down`. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('/health')
  async check(@Res() res: FastifyReply) {
    const health = await this.health.current();
    void res.code(health.status === 'ok' ? 200 : 503).header('Cache-Control', 'no-store').send(health);
  }
}
