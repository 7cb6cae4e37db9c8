import { Module } from '@nestjs/common';
import { CloningModule } from '../cloning/cloning.module';
import { ModelModule } from '../model/model.module';
import { UsageModule } from '../usage/usage.module';
import { SpeechHandler } from './speech.handler';
import { SpeechService } from './speech.service';

@Module({ imports: [ModelModule, CloningModule, UsageModule], controllers: [SpeechHandler], providers: [SpeechService] })
export class SpeechModule {}
