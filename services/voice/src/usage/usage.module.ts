import { Module } from '@nestjs/common';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

@Module({ providers: [UsageService, UsageRepository], exports: [UsageService] })
export class UsageModule {}
