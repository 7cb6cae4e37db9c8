import { api, ErrorKind } from '@jarvis/contracts';
import type { ServiceHarness } from '@jarvis/testing';
import { type ElevenLabsFake, FAKE_CLONED_SPEECH, parseMultipart, type RawFake, startElevenLabsFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageService } from '../usage/usage.service';
import { FAKE_SPEECH, FAKE_TRANSCRIPT, startOpenAiFake } from '../testing/fakes/openai.fake';
import { startVoice, webm } from '../testing/voice-harness';

const month = () => new Date().toISOString().slice(0, 7);

describe('speech', () => {
  let openai: RawFake;
  let eleven: ElevenLabsFake;
  let h: ServiceHarness;

  beforeAll(async () => {
    openai = await startOpenAiFake();
    eleven = await startElevenLabsFake('el-key');
    h = await startVoice('speech', {
      OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${openai.url}/v1`, ELEVENLABS_API_KEY: 'el-key', ELEVENLABS_BASE_URL: eleven.url,
    });
  });
  afterAll(async () => {
    await h?.close();
    await openai?.close();
    await eleven?.close();
  });

  it('speaks text with OpenAI speech and counts the characters', async () => {
    const alice = h.newUser();
    const reply = await h.call(api.voice.speak, { text: 'Hello there' }, alice);
    expect(reply).toEqual({ ok: true, mime: 'audio/mpeg', audioBase64: FAKE_SPEECH.toString('base64') });
    const request = openai.requests.filter((r) => r.path === '/v1/audio/speech').at(-1)!;
    expect(request.json).toMatchObject({ model: 'gpt-4o-mini-tts', input: 'Hello there' });
    expect((await h.get(UsageService).counters(alice.id, month()))?.charactersSpoken).toBe(11);
  });

  it('refuses text over 4,096 characters', async () => {
    await expect(h.call(api.voice.speak, { text: 'x'.repeat(4_097) }, h.newUser())).rejects.toThrow();
  });

  it('speaks with the cloned voice when it is on, and falls back to OpenAI when ElevenLabs fails', async () => {
    const bob = h.newUser('premium');
    const files = [0, 1, 2].map((i) => ({ field: `sample${i}`, contentType: 'audio/webm', base64: webm(`sample ${i}`) }));
    await h.call(api.voice.cloneVoice, { files }, bob);
    await expect.poll(async () => (await h.call(api.voice.voiceStatus, {}, bob)).voiceCloningStatus, { timeout: 10_000 }).toBe('completed');
    await h.call(api.voice.toggleVoiceCloning, { enabled: true }, bob);

    const cloned = await h.call(api.voice.speak, { text: 'In my own voice' }, bob);
    expect(cloned.audioBase64).toBe(FAKE_CLONED_SPEECH.toString('base64'));
    expect(eleven.requests.at(-1)!.path).toMatch(/^\/v1\/text-to-speech\/voice-\d+$/);

    eleven.ttsDown(true);
    const fallback = await h.call(api.voice.speak, { text: 'Still spoken' }, bob);
    eleven.ttsDown(false);
    expect(fallback.audioBase64).toBe(FAKE_SPEECH.toString('base64'));
  });

  it('transcribes both payload shapes, sending the file as the type recorded, and counts the seconds', async () => {
    const carol = h.newUser();
    expect(await h.call(api.voice.transcribe, { audio: webm() }, carol)).toEqual({ text: FAKE_TRANSCRIPT });
    let file = parseMultipart(openai.requests.at(-1)!).find((p) => p.name === 'file')!;
    expect(file).toMatchObject({ filename: 'recording.webm', contentType: 'audio/webm' });
    expect(parseMultipart(openai.requests.at(-1)!).find((p) => p.name === 'model')?.data.toString()).toBe('gpt-4o-mini-transcribe');

    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(20)]).toString('base64');
    expect(await h.call(api.voice.transcribe, { audioBase64: ogg, mimeType: 'audio/ogg;codecs=opus' }, carol)).toEqual({ text: FAKE_TRANSCRIPT });
    file = parseMultipart(openai.requests.at(-1)!).find((p) => p.name === 'file')!;
    expect(file).toMatchObject({ filename: 'recording.ogg', contentType: 'audio/ogg' });
    expect((await h.get(UsageService).counters(carol.id, month()))?.secondsTranscribed).toBe(6);
  });

  it('answers 400 with a message for empty, undecodable and non-base64 audio', async () => {
    const dave = h.newUser();
    for (const audio of [' ', '====', 'not base64 at all!', Buffer.from('plain text, not audio').toString('base64')]) {
      const error = await h.failUnchecked(api.voice.transcribe, { audio }, dave);
      expect(error.kind).toBe(ErrorKind.Validation);
      expect(error.message).toMatch(/audio|recording/i);
    }
    const broken = Buffer.concat([Buffer.from('BROKEN'), Buffer.alloc(10)]).toString('base64');
    const error = await h.fail(api.voice.transcribe, { audioBase64: broken, mimeType: 'audio/webm' }, dave);
    expect(error.kind).toBe(ErrorKind.Validation);
    expect(error.message).toMatch(/could not be decoded/);
  });

  it('translates through the chat model, from a language or auto-detected', async () => {
    const erin = h.newUser();
    expect(await h.call(api.voice.translate, { text: 'Hola', fromLanguage: 'Spanish', toLanguage: 'English' }, erin)).toEqual({ translatedText: '[English] Hola' });
    await h.call(api.voice.translate, { text: 'Bonjour', fromLanguage: 'Auto-detect', toLanguage: 'German' }, erin);
    const request = openai.requests.at(-1)!.json;
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.messages[0].content).toMatch(/detect it/);
    await expect(h.call(api.voice.translate, { text: '', toLanguage: 'German' }, erin)).rejects.toThrow();
  });
});
