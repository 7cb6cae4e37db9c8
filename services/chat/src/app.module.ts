import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { ChatAccountModule } from './account/account.module';
import { chatConfig } from './config/chat.config';
import { ConversationsModule } from './conversations/conversations.module';
import { chatEntities } from './entities';
import { MemoriesModule } from './memories/memories.module';
import { MessagesModule } from './messages/messages.module';
import { chatMigrations } from './migrations';
import { PersonasModule } from './personas/personas.module';
import { ShortcutsModule } from './shortcuts/shortcuts.module';
import { TwinModule } from './twin/twin.module';
import { DiscordModule } from './discord/discord.module';
import { DraftsModule } from './drafts/drafts.module';
import { EventsModule } from './events/events.module';
import { PatternsModule } from './patterns/patterns.module';
import { WeatherModule } from './weather/weather.module';
import { WebSearchModule } from './web-search/web-search.module';
import { WhispersModule } from './whispers/whispers.module';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'chat', config: chatConfig, database: { entities: chatEntities, migrations: chatMigrations } }),
    MessagesModule,
    PersonasModule,
    MemoriesModule,
    TwinModule,
    ShortcutsModule,
    ConversationsModule,
    PatternsModule,
    WhispersModule,
    WeatherModule,
    EventsModule,
    DiscordModule,
    WebSearchModule,
    DraftsModule,
    ChatAccountModule,
  ],
})
export class AppModule {}
