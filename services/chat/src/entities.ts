/** Every TypeORM entity of the chat schema; each feature adds its entities here. */
export const chatEntities: (new () => object)[] = [];
