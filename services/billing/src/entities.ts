/** Every TypeORM entity of the billing schema; each feature adds its entities here. */
export const billingEntities: (new () => object)[] = [];
