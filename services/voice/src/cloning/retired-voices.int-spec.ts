import { api, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import type { ServiceHarness, TestUser } from '@jarvis/testing';
import { type ElevenLabsFake, startElevenLabsFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoice, webm } from '../testing/voice-harness';

const samples = (tag: string) => Array.from({ length: 3 }, (_, i) => ({ field: `sample${i}`, contentType: 'audio/webm', base64: webm(`${tag} ${i}`) }));

/** ElevenLabs counts every voice against the operator's plan: a voice no user speaks with must not stay there. */
describe('replaced voices are deleted at ElevenLabs', () => {
  let eleven: ElevenLabsFake;
  let h: ServiceHarness;

  beforeAll(async () => {
    eleven = await startElevenLabsFake('el-key');
    h = await startVoice('retired-voices', { ELEVENLABS_API_KEY: 'el-key', ELEVENLABS_BASE_URL: eleven.url });
  });
  afterAll(async () => {
    await h?.close();
    await eleven?.close();
  });

  const deletes = (voiceId: string) => eleven.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/voices/${voiceId}`).length;
  const status = (user: TestUser) => h.call(api.voice.voiceStatus, {}, user);
  const waiting = async (user: TestUser) =>
    (await h.dataSource.query(`SELECT voice_id, attempts, last_error FROM voice.retired_voices WHERE user_id = $1`, [user.id])) as {
      voice_id: string;
      attempts: number;
      last_error: string | null;
    }[];

  /** Clones and waits for the voice; answers its id. */
  async function cloneVoice(user: TestUser, tag: string): Promise<string> {
    const before = (await status(user)).elevenLabsVoiceId;
    await h.call(api.voice.cloneVoice, { files: samples(tag) }, user);
    await expect
      .poll(async () => {
        const now = await status(user);
        return now.voiceCloningStatus === 'completed' && now.elevenLabsVoiceId !== before;
      }, { timeout: 10_000 })
      .toBe(true);
    return (await status(user)).elevenLabsVoiceId!;
  }

  it('deletes the previous voice exactly once when the user clones again; switching the voice off deletes nothing', async () => {
    const alice = h.newUser('premium');
    const first = await cloneVoice(alice, 'first');
    await h.call(api.voice.toggleVoiceCloning, { enabled: true }, alice);
    await h.call(api.voice.toggleVoiceCloning, { enabled: false }, alice);
    await h.call(api.voice.toggleVoiceCloning, { enabled: true }, alice);
    expect(deletes(first)).toBe(0);
    expect(eleven.voiceIds()).toContain(first);

    const second = await cloneVoice(alice, 'second');
    await expect.poll(() => waiting(alice), { timeout: 10_000 }).toEqual([]);
    expect(deletes(first)).toBe(1);
    expect(deletes(second)).toBe(0);
    expect(eleven.voiceIds()).toContain(second);
    expect(eleven.voiceIds()).not.toContain(first);
    // The user's own setting survives the new clone.
    expect(await status(alice)).toEqual({ elevenLabsVoiceId: second, voiceCloningStatus: 'completed', voiceCloningEnabled: true });
  });

  it('keeps the new clone when the delete fails, remembers the old voice, and deletes it when the queue retries', async () => {
    const bob = h.newUser('premium');
    const first = await cloneVoice(bob, 'first');
    eleven.failNextDeletes(1);
    const second = await cloneVoice(bob, 'second');
    await expect.poll(() => deletes(first), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await waiting(bob))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    expect(await waiting(bob)).toEqual([{ voice_id: first, attempts: 1, last_error: expect.stringContaining('503') }]);
    expect(await status(bob)).toMatchObject({ elevenLabsVoiceId: second, voiceCloningStatus: 'completed' });
    expect(eleven.voiceIds()).toEqual(expect.arrayContaining([first, second]));

    // The retry waits in the queue with backoff (30 s); run it now instead of waiting.
    const queue = h.get(JobQueue).queue(QUEUES.voiceClones);
    const retry = (await queue.getDelayed()).find((job) => job.name === 'voice.delete-retired-voices' && job.data.userId === bob.id);
    expect(retry).toBeDefined();
    await retry!.promote();
    await expect.poll(() => waiting(bob), { timeout: 10_000 }).toEqual([]);
    expect(deletes(first)).toBe(2); // the failed one and the one that worked
    expect(deletes(second)).toBe(0);
    expect(eleven.voiceIds()).not.toContain(first);
    expect(await status(bob)).toMatchObject({ elevenLabsVoiceId: second, voiceCloningStatus: 'completed' });
  });

  it('deletes a voice whose delete failed at the next clone, with the one that clone replaced', async () => {
    const carol = h.newUser('premium');
    const first = await cloneVoice(carol, 'first');
    eleven.failNextDeletes(1);
    const second = await cloneVoice(carol, 'second');
    await expect.poll(async () => (await waiting(carol)).map((v) => v.attempts), { timeout: 10_000 }).toEqual([1]);

    const third = await cloneVoice(carol, 'third');
    await expect.poll(() => waiting(carol), { timeout: 10_000 }).toEqual([]);
    expect([deletes(first), deletes(second), deletes(third)]).toEqual([2, 1, 0]);
    expect(eleven.voiceIds()).toContain(third);
    expect(eleven.voiceIds()).not.toContain(first);
    expect(eleven.voiceIds()).not.toContain(second);
  });

  it('deletes the voice of a clone that a newer clone overtook while it was being made', async () => {
    const dave = h.newUser('premium');
    const heldBefore = new Set(eleven.voiceIds());
    const from = eleven.requests.length;
    const adds = () => eleven.requests.filter((r) => r.path === '/v1/voices/add').length;
    const before = adds();
    eleven.slowNextAdd(1_500);
    await h.call(api.voice.cloneVoice, { files: samples('slow') }, dave);
    await expect.poll(adds, { timeout: 5_000 }).toBe(before + 1);
    await h.call(api.voice.cloneVoice, { files: samples('fast') }, dave);
    await expect.poll(async () => (await status(dave)).voiceCloningStatus, { timeout: 10_000 }).toBe('completed');
    const current = (await status(dave)).elevenLabsVoiceId!;

    // The slow attempt still makes a voice at ElevenLabs; nobody speaks with it, so it goes.
    const deletedOthers = () =>
      eleven.requests.slice(from).filter((r) => r.method === 'DELETE' && r.path !== `/v1/voices/${current}`);
    await expect.poll(() => deletedOthers().length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => waiting(dave), { timeout: 10_000 }).toEqual([]);
    expect(eleven.voiceIds().filter((id) => !heldBefore.has(id))).toEqual([current]);
    expect(await status(dave)).toMatchObject({ elevenLabsVoiceId: current, voiceCloningStatus: 'completed' });
    expect(deletes(current)).toBe(0);
  });
});
