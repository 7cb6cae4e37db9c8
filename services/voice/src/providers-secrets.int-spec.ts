import type { Type } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn, type ServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceCloneProvider } from './cloning/voice-clone.provider';
import { VoiceModel } from './model/voice-model.provider';
import { RealtimeVoice } from './live/realtime-voice.provider';
import { MusicRecognizer } from './music/music-recognition.provider';
import { PNG_BASE64, startVoice, webm } from './testing/voice-harness';

/** Recognisable credentials: none of them may be read in a log line or an error a caller gets. */
const SECRETS = {
  OPENAI_API_KEY: 'sk-openai-S3CR3T-voice-6f5e4d3c2b1a',
  ELEVENLABS_API_KEY: 'xi-S3CR3T-elevenlabs-7g8h9i0j',
  AUDD_API_TOKEN: 'audd-S3CR3T-token-1k2l3m4n',
};

let h: ServiceHarness;
let logs: LogCapture;
const log = createLogger('providers-secrets-test');
const provider = <T>(token: abstract new (...args: never[]) => T): T => h.get(token as Type<T>);

/** Runs one adapter call that must fail and logs its error as the services' callers do; answers the error. */
async function failing(call: string, run: () => Promise<unknown>): Promise<{ call: string; error: unknown }> {
  try {
    await run();
    return { call, error: new Error(`${call} did not fail`) };
  } catch (error) {
    log.warn({ err: error }, `${call} failed`);
    return { call, error };
  }
}

beforeAll(async () => {
  const closed = await closedPortUrl();
  h = await startVoice('voice-secrets', {
    ...SECRETS,
    OPENAI_BASE_URL: `${closed}/v1`,
    OPENAI_REALTIME_MODEL: 'gpt-realtime',
    ELEVENLABS_BASE_URL: closed,
    AUDD_BASE_URL: closed,
  });
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('voice providers failing at the network level keep their credentials to themselves', () => {
  it('answers the endpoints with a 503 naming the provider and no credential', async () => {
    const user = h.newUser('premium');
    const errors = [
      await h.fail(api.voice.speak, { text: 'Hello' }, user),
      await h.fail(api.voice.transcribe, { audio: webm() }, user),
      await h.fail(api.voice.translate, { text: 'Hola', toLanguage: 'English' }, user),
      await h.fail(api.voice.analyzeImage, { imageData: PNG_BASE64 }, user),
      await h.fail(api.voice.identifyMusic, { audio: webm() }, user),
    ];
    for (const error of errors) {
      expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
      expect(secretsIn(error, SECRETS)).toEqual([]);
    }
  });

  it('wraps every adapter call in an error that carries no credential', async () => {
    const audio = Buffer.from(webm(), 'base64');
    const failures = [
      await failing('openai.speak', () => provider(VoiceModel).speak('Hello')),
      await failing('openai.transcribe', () => provider(VoiceModel).transcribe(audio, 'audio/webm')),
      await failing('openai.translate', () => provider(VoiceModel).translate('Hola', undefined, 'English')),
      await failing('openai.analyzeImage', () => provider(VoiceModel).analyzeImage(Buffer.from(PNG_BASE64, 'base64'), 'image/png', 'What is it?')),
      await failing('elevenlabs.addVoice', () => provider(VoiceCloneProvider).addVoice('Me', [0, 1, 2].map(() => ({ audio, contentType: 'audio/webm' })))),
      await failing('elevenlabs.deleteVoice', () => provider(VoiceCloneProvider).deleteVoice('voice123')),
      await failing('elevenlabs.speak', () => provider(VoiceCloneProvider).speak('voice123', 'Hello')),
      await failing('audd.identify', () => provider(MusicRecognizer).identify(audio)),
      await failing('openai.realtime', () => provider(RealtimeVoice).connect(2_000)),
    ];
    for (const { call, error } of failures) {
      expect({ call, kind: (error as { kind?: string }).kind }).toEqual({ call, kind: 'PROVIDER_UNAVAILABLE' });
      expect({ call, leaked: secretsIn(error, SECRETS) }).toEqual({ call, leaked: [] });
    }
  });

  it('leaves no configured secret in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), SECRETS)).toEqual([]);
  });
});
