import { Module } from '@nestjs/common';
import { PreferencesHandler } from './preferences.handler';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

@Module({ controllers: [PreferencesHandler], providers: [PreferencesService, PreferencesRepository], exports: [PreferencesService] })
export class PreferencesModule {}
