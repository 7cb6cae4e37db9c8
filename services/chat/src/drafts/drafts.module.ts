import { Module } from '@nestjs/common';
import { DraftsHandler } from './drafts.handler';
import { DraftsService } from './drafts.service';

@Module({
  controllers: [DraftsHandler],
  providers: [DraftsService],
})
export class DraftsModule {}
