import { api, ErrorKind, internalApi, type RpcRequest } from '@jarvis/contracts';
import type { ServiceHarness } from '@jarvis/testing';
import type { RawFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_IMAGE_ANSWER, startOpenAiFake } from '../testing/fakes/openai.fake';
import { PNG_BASE64, startVoice } from '../testing/voice-harness';

const JPEG_BASE64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64');
const WEBP_BASE64 = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]).toString('base64');

describe('image analysis', () => {
  let openai: RawFake;
  let h: ServiceHarness;

  beforeAll(async () => {
    openai = await startOpenAiFake();
    h = await startVoice('vision', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_VISION_MODEL: 'vision-test' });
  });
  afterAll(async () => {
    await h?.close();
    await openai?.close();
  });

  it('answers the analysis for a PNG, JPEG or WebP, sending the image part to the vision model', async () => {
    const alice = h.newUser();
    const reply = await h.call(api.voice.analyzeImage, { imageData: PNG_BASE64, prompt: 'What is this?', imageType: 'image/png', requestId: 'r1' }, alice);
    expect(reply).toEqual({ analysisText: FAKE_IMAGE_ANSWER, requestId: 'r1' });
    const request = openai.requests.at(-1)!.json;
    expect(request.model).toBe('vision-test');
    expect(request.messages.at(-1).content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
    ]);
    for (const imageData of [JPEG_BASE64, `data:image/webp;base64,${WEBP_BASE64}`]) {
      expect((await h.call(api.voice.analyzeImage, { imageData }, alice)).analysisText).toBe(FAKE_IMAGE_ANSWER);
    }
  });

  it("asks chat to keep the question and the analysis in the caller's history", async () => {
    // The test plays chat.
    const chat = await h.published<RpcRequest>(internalApi.chat.storeImageExchange, { reply: () => ({ userMessageId: 'u', assistantMessageId: 'a' }) });
    try {
      const dana = h.newUser();
      await h.call(api.voice.analyzeImage, { imageData: PNG_BASE64, prompt: 'Is this a cat?' }, dana);
      const stored = chat.bodies();
      expect(stored).toHaveLength(1);
      expect(stored[0].ctx.userId).toBe(dana.id);
      expect(stored[0].data).toEqual({ question: '[Image] Is this a cat?', answer: FAKE_IMAGE_ANSWER });
    } finally {
      await chat.stop();
    }
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, or not base64, with VALIDATION_ERROR', async () => {
    const bob = h.newUser();
    const gif = Buffer.from('GIF89a....').toString('base64');
    for (const imageData of [gif, 'this is not base64!']) {
      const error = await h.fail(api.voice.analyzeImage, { imageData, imageType: 'image/png' }, bob);
      expect(error).toMatchObject({ kind: ErrorKind.Validation, code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses an image over 5 MB with IMAGE_TOO_LARGE', async () => {
    const big = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const error = await h.fail(api.voice.analyzeImage, { imageData: big }, h.newUser());
    expect(error).toMatchObject({ kind: ErrorKind.PayloadTooLarge, code: 'IMAGE_TOO_LARGE' });
  });

  it('answers ANALYSIS_FAILED when the model says nothing usable', async () => {
    const error = await h.fail(api.voice.analyzeImage, { imageData: PNG_BASE64, prompt: 'say nothing' }, h.newUser());
    expect(error.code).toBe('ANALYSIS_FAILED');
  });

  it('allows 10 images a minute per user, then RATE_LIMIT_EXCEEDED with Retry-After; other users are not affected', async () => {
    const carol = h.newUser();
    for (let i = 0; i < 10; i++) await h.call(api.voice.analyzeImage, { imageData: PNG_BASE64 }, carol);
    const error = await h.fail(api.voice.analyzeImage, { imageData: PNG_BASE64 }, carol);
    expect(error).toMatchObject({ kind: ErrorKind.RateLimited, code: 'RATE_LIMIT_EXCEEDED' });
    const retryAfter = (error.details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await h.call(api.voice.analyzeImage, { imageData: PNG_BASE64 }, h.newUser())).analysisText).toBe(FAKE_IMAGE_ANSWER);
  });

  it('answers SERVICE_ERROR when the model is down', async () => {
    const down = await startOpenAiFake({ down: true });
    const other = await startVoice('vision-down', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${down.url}/v1` });
    try {
      const error = await other.fail(api.voice.analyzeImage, { imageData: PNG_BASE64 }, other.newUser());
      expect(error).toMatchObject({ kind: ErrorKind.ProviderUnavailable, code: 'SERVICE_ERROR' });
    } finally {
      await other.close();
      await down.close();
    }
  });
});
