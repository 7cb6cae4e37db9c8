import { Module } from '@nestjs/common';
import { CallerSharingRepository } from './caller-sharing.repository';
import { CallerSharingService } from './caller-sharing.service';
import { OwnerContextService } from './owner-context.service';

@Module({
  providers: [OwnerContextService, CallerSharingService, CallerSharingRepository],
  exports: [OwnerContextService, CallerSharingService],
})
export class OwnerModule {}
