import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MusicService } from './music.service';

@Controller()
export class MusicHandler {
  constructor(private readonly music: MusicService) {}

  @Handles(api.voice.identifyMusic)
  identify({ data }: HandlerInput<typeof api.voice.identifyMusic>) {
    return this.music.identify(data.audio);
  }
}
