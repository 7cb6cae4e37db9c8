import { CallUsageEntity } from './allowance/entities/call-usage.entity';
import { CustomerEntity } from './stripe/entities/customer.entity';
import { ErasedCustomerEntity } from './stripe/entities/erased-customer.entity';
import { SubscriptionEntity } from './stripe/entities/subscription.entity';

/** Every TypeORM entity of the billing schema; each feature adds its entities here. */
export const billingEntities: (new () => object)[] = [CustomerEntity, SubscriptionEntity, CallUsageEntity, ErasedCustomerEntity];
