import { Module } from '@nestjs/common';
import { OwnerContextService } from './owner-context.service';

@Module({
  providers: [OwnerContextService],
  exports: [OwnerContextService],
})
export class OwnerModule {}
