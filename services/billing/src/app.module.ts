import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { BillingAccountModule } from './account/account.module';
import { AllowanceModule } from './allowance/allowance.module';
import { billingConfig } from './config/billing.config';
import { billingEntities } from './entities';
import { billingMigrations } from './migrations';
import { PlansHandler } from './plans/plans.handler';
import { StripeModule } from './stripe/stripe.module';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'billing', config: billingConfig, database: { entities: billingEntities, migrations: billingMigrations } }),
    AllowanceModule,
    StripeModule,
    BillingAccountModule,
  ],
  controllers: [PlansHandler],
})
export class AppModule {}
