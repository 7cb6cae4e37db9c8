import { RetiredVoiceEntity } from './cloning/entities/retired-voice.entity';
import { VoiceCloneEntity } from './cloning/entities/voice-clone.entity';
import { VoiceSampleEntity } from './cloning/entities/voice-sample.entity';
import { VoiceUsageEntity } from './usage/entities/voice-usage.entity';

/** Every TypeORM entity of the voice schema; each feature adds its entities here. */
export const voiceEntities: (new () => object)[] = [VoiceCloneEntity, VoiceSampleEntity, VoiceUsageEntity, RetiredVoiceEntity];
