import { Module } from '@nestjs/common';
import { SmsVerificationModule } from '../sms-verification/sms-verification.module';
import { PreferencesHandler } from './preferences.handler';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

@Module({ imports: [SmsVerificationModule], controllers: [PreferencesHandler], providers: [PreferencesService, PreferencesRepository], exports: [PreferencesService] })
export class PreferencesModule {}
