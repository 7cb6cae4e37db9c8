/** Every TypeORM entity of the telephony schema; each feature adds its entities here. */
export const telephonyEntities: (new () => object)[] = [];
