import { Injectable } from '@nestjs/common';
import { ValidationError } from '@jarvis/contracts';
import { decodeBase64 } from '../audio/audio-format';
import { MusicRecognizer } from './music-recognition.provider';

@Injectable()
export class MusicService {
  constructor(private readonly music: MusicRecognizer) {}

  /** The song, or song null with doc1's 'Song Not Found' text when nothing matched. */
  async identify(audioBase64: string) {
    const audio = decodeBase64(audioBase64, 'audio');
    if (audio.length === 0) throw new ValidationError('The recording is empty. Record again and retry.');
    const song = await this.music.identify(audio);
    return song ? { song } : { song: null, error: 'Could not identify the song. Try again with clearer audio.' };
  }
}
