import { Module } from '@nestjs/common';
import { OpenAiAdapter } from './openai.adapter';
import { VoiceModel } from './voice-model.provider';

@Module({ providers: [{ provide: VoiceModel, useClass: OpenAiAdapter }], exports: [VoiceModel] })
export class ModelModule {}
