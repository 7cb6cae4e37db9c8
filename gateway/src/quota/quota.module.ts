import { Module } from '@nestjs/common';
import { QuotaCounter } from './quota-counter';
import { QuotaHandler } from './quota.handler';
import { QuotaLimits } from './quota.config';
import { QuotaRoutes } from './quota.routes';
import { QuotaService } from './quota.service';

/** Daily quotas on the endpoints that spend the operator's money, and GET /api/usage. */
@Module({
  controllers: [QuotaHandler],
  providers: [QuotaRoutes, QuotaCounter, QuotaService, { provide: QuotaLimits, useFactory: () => QuotaLimits.fromEnv(process.env) }],
  exports: [QuotaService],
})
export class QuotaModule {}
