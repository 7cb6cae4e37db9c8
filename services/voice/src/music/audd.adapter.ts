import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError, ValidationError } from '@jarvis/contracts';
import { providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import { MusicRecognizer, type Song } from './music-recognition.provider';

/** The parts of AudD's recognize answer we read (https://docs.audd.io). */
interface AuddReply {
  status: 'success' | 'error';
  error?: { error_code: number; error_message: string };
  result: null | {
    artist: string;
    title: string;
    album?: string;
    release_date?: string;
    song_link?: string;
    spotify?: { external_urls?: { spotify?: string } };
    apple_music?: { url?: string };
  };
}

const PROVIDER: ProviderInfo = { name: 'AudD', variables: ['AUDD_API_TOKEN'] };
/** AudD's codes for a token that is missing, wrong or out of requests. */
const TOKEN_ERRORS = new Set([900, 901, 902]);

/** AudD's recognize API (POST / with api_token, audio and return=apple_music,spotify), form-encoded. */
@Injectable()
export class AuddAdapter extends MusicRecognizer {
  constructor(@Inject(VOICE_CONFIG) private readonly config: VoiceConfig) {
    super();
  }

  async identify(audio: Buffer): Promise<Song | null> {
    const token = requireCredential(PROVIDER, this.config.AUDD_API_TOKEN);
    const form = new FormData();
    form.append('api_token', token);
    form.append('return', 'apple_music,spotify');
    form.append('file', new Blob([new Uint8Array(audio)]), 'recording.webm');
    const result = await providerFetch<AuddReply>(PROVIDER, providerUrl(this.config.AUDD_BASE_URL, '/'), { method: 'POST', body: form }, 20_000);
    if (result.status !== 200 || typeof result.body !== 'object' || result.body === null) throw unexpectedStatus(PROVIDER, result);
    const body = result.body;
    if (body.status === 'error') {
      const code = body.error?.error_code ?? 0;
      if (TOKEN_ERRORS.has(code)) throw unexpectedStatus(PROVIDER, { ...result, status: 401 });
      if (code === 611 || code === 610) throw new RateLimitedError('The music service is busy. Please try again in a minute.', 60);
      throw new ValidationError(`The recording could not be analysed: ${body.error?.error_message ?? 'unknown error'}`);
    }
    const song = body.result;
    if (!song) return null;
    return {
      title: song.title,
      artist: song.artist,
      album: song.album,
      release_date: song.release_date,
      spotify_url: song.spotify?.external_urls?.spotify,
      apple_music_url: song.apple_music?.url,
      youtube_url: `https://www.youtube.com/results?search_query=${encodeURIComponent(`${song.artist} ${song.title}`)}`,
    };
  }
}
