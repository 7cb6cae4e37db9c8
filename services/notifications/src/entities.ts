/** Every TypeORM entity of the notifications schema; each feature adds its entities here. */
export const notificationsEntities: (new () => object)[] = [];
