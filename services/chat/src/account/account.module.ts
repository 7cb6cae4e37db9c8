import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { DiscordModule } from '../discord/discord.module';
import { MemoriesModule } from '../memories/memories.module';
import { MessagesModule } from '../messages/messages.module';
import { PatternsModule } from '../patterns/patterns.module';
import { PersonasModule } from '../personas/personas.module';
import { ShortcutsModule } from '../shortcuts/shortcuts.module';
import { TwinModule } from '../twin/twin.module';
import { ChatAccountHandler } from './account.handler';
import { ChatAccountService } from './account.service';

/** Export, import and erasure of a user's chat data (issue 22), through the features that own it. */
@Module({
  imports: [MessagesModule, ConversationsModule, MemoriesModule, PatternsModule, TwinModule, PersonasModule, ShortcutsModule, DiscordModule],
  controllers: [ChatAccountHandler],
  providers: [ChatAccountService],
})
export class ChatAccountModule {}
