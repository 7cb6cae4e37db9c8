import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module';
import { VerificationMailHandler } from './verification-mail.handler';
import { VerificationMailService } from './verification-mail.service';

@Module({ imports: [DeliveryModule], controllers: [VerificationMailHandler], providers: [VerificationMailService] })
export class VerificationMailModule {}
