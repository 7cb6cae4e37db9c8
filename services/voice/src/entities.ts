/** Every TypeORM entity of the voice schema; each feature adds its entities here. */
export const voiceEntities: (new () => object)[] = [];
