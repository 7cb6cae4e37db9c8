import { ConversationEntity } from './conversations/entities/conversation.entity';
import { DiscordGuildEntity } from './discord/entities/discord-guild.entity';
import { MemoryEntity } from './memories/entities/memory.entity';
import { MessageFeedbackEntity } from './messages/entities/message-feedback.entity';
import { MessageEntity } from './messages/entities/message.entity';
import { UserSettingsEntity } from './personas/entities/user-settings.entity';
import { ShortcutEntity } from './shortcuts/entities/shortcut.entity';
import { TwinEntity } from './twin/entities/twin.entity';

/** Every TypeORM entity of the chat schema; each feature adds its entities here. */
export const chatEntities: (new () => object)[] = [
  MessageEntity,
  MessageFeedbackEntity,
  UserSettingsEntity,
  MemoryEntity,
  TwinEntity,
  ShortcutEntity,
  ConversationEntity,
  DiscordGuildEntity,
];
