import { Module } from '@nestjs/common';
import { MemoriesModule } from '../memories/memories.module';
import { ModelModule } from '../model/model.module';
import { PersonasModule } from '../personas/personas.module';
import { ShortcutsModule } from '../shortcuts/shortcuts.module';
import { TwinModule } from '../twin/twin.module';
import { ImageExchangeHandler } from './image-exchange.handler';
import { VoiceExchangeHandler } from './voice-exchange.handler';
import { MessagesHandler } from './messages.handler';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

@Module({
  imports: [ModelModule, PersonasModule, MemoriesModule, TwinModule, ShortcutsModule],
  controllers: [MessagesHandler, ImageExchangeHandler, VoiceExchangeHandler],
  providers: [MessagesService, MessagesRepository],
  exports: [MessagesService],
})
export class MessagesModule {}
