import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { PatternsHandler } from './patterns.handler';
import { PatternsService } from './patterns.service';

@Module({
  imports: [MessagesModule],
  controllers: [PatternsHandler],
  providers: [PatternsService],
  exports: [PatternsService],
})
export class PatternsModule {}
