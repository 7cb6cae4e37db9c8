import { Module } from '@nestjs/common';
import { AllowanceModule } from '../allowance/allowance.module';
import { StripeModule } from '../stripe/stripe.module';
import { BillingAccountHandler } from './account.handler';
import { BillingAccountService } from './account.service';

/** Export, import and erasure of a user's billing data (issue 22), through the features that own it. */
@Module({ imports: [StripeModule, AllowanceModule], controllers: [BillingAccountHandler], providers: [BillingAccountService] })
export class BillingAccountModule {}
