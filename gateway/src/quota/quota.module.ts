import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { QuotaCounter } from './quota-counter';
import { QuotaLimits } from './quota.config';
import { QuotaController } from './quota.controller';
import { QuotaService } from './quota.service';

/** Daily quotas on the endpoints that spend the operator's money, and GET /api/usage. */
@Module({
  imports: [IdentityModule],
  controllers: [QuotaController],
  providers: [QuotaCounter, QuotaService, { provide: QuotaLimits, useFactory: () => QuotaLimits.fromEnv(process.env) }],
  exports: [QuotaService],
})
export class QuotaModule {}
