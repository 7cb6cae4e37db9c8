import { api, audioStreams, ErrorKind, type DomainError } from '@jarvis/contracts';
import { AudioStreamRefusedError, openAudioStream } from '@jarvis/platform';
import type { ServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BASE64, startVoice, webm } from './testing/voice-harness';

const variablesOf = (error: DomainError) => (error.details as { variables?: string[] } | undefined)?.variables;

describe('unconfigured providers', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startVoice('unconfigured');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 naming OPENAI_API_KEY for speech, transcription and translation', async () => {
    const user = h.newUser();
    for (const error of [
      await h.fail(api.voice.speak, { text: 'Hello' }, user),
      await h.fail(api.voice.transcribe, { audio: webm() }, user),
      await h.fail(api.voice.translate, { text: 'Hola', toLanguage: 'English' }, user),
    ]) {
      expect(error.kind).toBe(ErrorKind.ProviderUnavailable);
      expect(error.message).toContain('OPENAI_API_KEY');
    }
  });

  it('answers SERVICE_ERROR naming OPENAI_API_KEY for image analysis', async () => {
    const error = await h.fail(api.voice.analyzeImage, { imageData: PNG_BASE64 }, h.newUser());
    expect(error).toMatchObject({ kind: ErrorKind.ProviderUnavailable, code: 'SERVICE_ERROR' });
    expect(variablesOf(error)).toContain('OPENAI_API_KEY');
  });

  it('says live voice is off without OPENAI_REALTIME_MODEL and refuses its stream (503), so the browser goes turn by turn', async () => {
    const user = h.newUser();
    expect(await h.call(api.voice.liveVoiceStatus, {}, user)).toEqual({ available: false });
    const refused = await openAudioStream(
      { nc: h.nc, rpc: h.rpc, prefix: h.env.natsPrefix },
      audioStreams.liveVoice,
      { path: audioStreams.liveVoice.path, query: '', url: 'wss://jarvis.test/api/voice/live', headers: {} },
      h.ctx(user),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AudioStreamRefusedError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect((refused as Error).message).toContain('OPENAI_REALTIME_MODEL');
  });

  it('answers 503 naming AUDD_API_TOKEN for music', async () => {
    const error = await h.fail(api.voice.identifyMusic, { audio: webm() }, h.newUser());
    expect(error.kind).toBe(ErrorKind.ProviderUnavailable);
    expect(error.message).toContain('AUDD_API_TOKEN');
  });

  it('answers 503 naming ELEVENLABS_API_KEY for voice cloning, keeping no attempt', async () => {
    const user = h.newUser('premium');
    const files = [0, 1, 2].map((i) => ({ field: `sample${i}`, contentType: 'audio/webm', base64: webm() }));
    const error = await h.fail(api.voice.cloneVoice, { files }, user);
    expect(error.kind).toBe(ErrorKind.ProviderUnavailable);
    expect(error.message).toContain('ELEVENLABS_API_KEY');
    expect(await h.call(api.voice.voiceStatus, {}, user)).toEqual({ elevenLabsVoiceId: null, voiceCloningStatus: null, voiceCloningEnabled: false });
  });
});
