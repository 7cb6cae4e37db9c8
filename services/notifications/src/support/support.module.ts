import { Module } from '@nestjs/common';
import { SupportMailer } from './support-mailer';
import { SupportHandler } from './support.handler';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

@Module({ controllers: [SupportHandler], providers: [SupportService, SupportRepository, SupportMailer] })
export class SupportModule {}
