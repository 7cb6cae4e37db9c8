import { api, ErrorKind } from '@jarvis/contracts';
import type { ServiceHarness } from '@jarvis/testing';
import { type ElevenLabsFake, parseMultipart, startElevenLabsFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoice, webm } from '../testing/voice-harness';

const samples = (n: number, content = (i: number) => webm(`sample ${i}`)) =>
  Array.from({ length: n }, (_, i) => ({ field: `sample${i}`, contentType: 'audio/webm', base64: content(i) }));

describe('voice cloning', () => {
  let eleven: ElevenLabsFake;
  let h: ServiceHarness;

  beforeAll(async () => {
    eleven = await startElevenLabsFake('el-key');
    h = await startVoice('cloning', { ELEVENLABS_API_KEY: 'el-key', ELEVENLABS_BASE_URL: eleven.url });
  });
  afterAll(async () => {
    await h?.close();
    await eleven?.close();
  });

  const statusOf = (user: Parameters<ServiceHarness['call']>[2]) => h.call(api.voice.voiceStatus, {}, user);

  it('answers processing at once, sends the samples to ElevenLabs, then completes with the voice id', async () => {
    const alice = h.newUser('premium');
    expect(await h.call(api.voice.cloneVoice, { files: samples(4) }, alice)).toEqual({ status: 'processing' });
    await expect.poll(async () => (await statusOf(alice)).voiceCloningStatus, { timeout: 10_000 }).toBe('completed');
    const status = await statusOf(alice);
    expect(status).toEqual({ elevenLabsVoiceId: expect.stringMatching(/^voice-/), voiceCloningStatus: 'completed', voiceCloningEnabled: false });
    const upload = parseMultipart(eleven.requests.filter((r) => r.path === '/v1/voices/add').at(-1)!);
    expect(upload.filter((p) => p.name === 'files').map((p) => [p.filename, p.contentType])).toEqual(
      [0, 1, 2, 3].map((i) => [`sample${i}.webm`, 'audio/webm']),
    );
    expect(upload.find((p) => p.name === 'files')!.data.subarray(4).toString()).toBe('sample 0');

    expect(await h.call(api.voice.toggleVoiceCloning, { enabled: true }, alice)).toEqual({ enabled: true });
    expect((await statusOf(alice)).voiceCloningEnabled).toBe(true);
  });

  it('refuses fewer than 3 or more than 5 samples with 400 naming the count', async () => {
    const bob = h.newUser('premium');
    for (const n of [2, 6]) {
      const error = await h.failUnchecked(api.voice.cloneVoice, { files: samples(n) }, bob);
      expect(error.kind).toBe(ErrorKind.Validation);
    }
    await expect(h.call(api.voice.cloneVoice, { files: samples(2) }, bob)).rejects.toThrow(/at least 3/);
    // Past the gateway's schema (another caller), the service itself names the count.
    const service = h.get<{ clone(userId: string, files: unknown[]): Promise<unknown> }>((await import('./voice-clones.service')).VoiceClonesService);
    await expect(service.clone(bob.id, samples(2))).rejects.toThrow(/got 2/);
    await expect(service.clone(bob.id, samples(6))).rejects.toThrow(/got 6/);
  });

  it('sets failed with the reason when ElevenLabs refuses the samples', async () => {
    const carol = h.newUser('premium');
    await h.call(api.voice.cloneVoice, { files: samples(3, () => Buffer.from('SILENT audio').toString('base64')) }, carol);
    await expect.poll(async () => (await statusOf(carol)).voiceCloningStatus, { timeout: 10_000 }).toBe('failed');
    expect((await statusOf(carol)).elevenLabsVoiceId).toBeNull();
  });

  it('answers 409 to the toggle without a voice id, and never shows or changes another user’s voice', async () => {
    const owner = h.newUser('premium');
    const stranger = h.newUser('premium');
    await h.call(api.voice.cloneVoice, { files: samples(3) }, owner);
    await expect.poll(async () => (await statusOf(owner)).voiceCloningStatus, { timeout: 10_000 }).toBe('completed');

    expect(await statusOf(stranger)).toEqual({ elevenLabsVoiceId: null, voiceCloningStatus: null, voiceCloningEnabled: false });
    const error = await h.fail(api.voice.toggleVoiceCloning, { enabled: true }, stranger);
    expect(error.kind).toBe(ErrorKind.Conflict);
    expect((await statusOf(owner)).voiceCloningEnabled).toBe(false);
  });

  it('keeps a clone job through a restart of the service and completes it after', async () => {
    const dave = h.newUser('premium');
    eleven.failNext(1);
    const before = eleven.requests.length;
    await h.call(api.voice.cloneVoice, { files: samples(3) }, dave);
    // The first attempt fails (ElevenLabs overloaded) and waits in Redis to be retried; the service stops meanwhile.
    await expect.poll(() => eleven.requests.length, { timeout: 5_000 }).toBeGreaterThan(before);
    await h.service.close();
    const replica = await h.startReplica();
    try {
      await expect.poll(async () => (await statusOf(dave)).voiceCloningStatus, { timeout: 15_000 }).toBe('completed');
      expect((await statusOf(dave)).elevenLabsVoiceId).toMatch(/^voice-/);
    } finally {
      await replica.close();
    }
  });
});
