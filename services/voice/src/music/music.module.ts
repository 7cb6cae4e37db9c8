import { Module } from '@nestjs/common';
import { AuddAdapter } from './audd.adapter';
import { MusicHandler } from './music.handler';
import { MusicRecognizer } from './music-recognition.provider';
import { MusicService } from './music.service';

@Module({ controllers: [MusicHandler], providers: [MusicService, { provide: MusicRecognizer, useClass: AuddAdapter }] })
export class MusicModule {}
