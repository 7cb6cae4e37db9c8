import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser, type ServiceHarness, type TestUser } from '@jarvis/testing';
import { type ElevenLabsFake, startElevenLabsFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoice, webm } from '../testing/voice-harness';
import { UsageService } from '../usage/usage.service';

let h: ServiceHarness;
let eleven: ElevenLabsFake;
let reports: { bodies(): { data: { userId: string; service: string } }[] };

beforeAll(async () => {
  eleven = await startElevenLabsFake('el-key');
  h = await startVoice('voiceaccount', { ELEVENLABS_API_KEY: 'el-key', ELEVENLABS_BASE_URL: eleven.url });
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(async () => {
  await h?.close();
  await eleven?.close();
});

const archiveKey = () => randomUUID().replace(/-/g, '').padEnd(64, '0');
const samples = (tag: string) => Array.from({ length: 3 }, (_, i) => ({ field: `sample${i}`, contentType: 'audio/webm', base64: webm(`${tag} ${i}`) }));
const deletes = (voiceId: string) => eleven.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/voices/${voiceId}`).length;

/** A premium user whose voice was cloned (and is on), with a month of usage. */
async function clonedUser(): Promise<{ user: TestUser; voiceId: string }> {
  const user = h.newUser('premium');
  await h.call(api.voice.cloneVoice, { files: samples(user.id) }, user);
  const voiceId = await h.waitFor(async () => {
    const status = await h.call(api.voice.voiceStatus, {}, user);
    return status.voiceCloningStatus === 'completed' ? status.elevenLabsVoiceId : null;
  });
  await h.call(api.voice.toggleVoiceCloning, { enabled: true }, user);
  await h.get(UsageService).addSpoken(user.id, 120);
  return { user, voiceId };
}

describe("voice's part of an account archive", () => {
  it('exports the cloned voice, its samples as audio files while they are kept, and the usage counters', async () => {
    const { user, voiceId } = await clonedUser();
    const { files, attachments } = await h.call(internalApi.voice.accountExport, {}, user);
    expect(files['voice.json']).toEqual({
      clone: expect.objectContaining({ status: 'completed', enabled: true, voiceId }),
      samples: [],
      usage: [expect.objectContaining({ charactersSpoken: 120 })],
    });
    expect(attachments).toEqual([]);

    // While a clone is being made, its samples are kept: they come as files.
    const pending = h.newUser('premium');
    eleven.slowNextAdd(1_500);
    await h.call(api.voice.cloneVoice, { files: samples('pending') }, pending);
    const part = await h.call(internalApi.voice.accountExport, {}, pending);
    expect(part.files['voice.json'].samples.map((s) => s.path)).toEqual(['voice-samples/sample-1.webm', 'voice-samples/sample-2.webm', 'voice-samples/sample-3.webm']);
    const audio = await h.call(internalApi.voice.accountExportAttachment, { ref: part.attachments[0].ref }, pending);
    expect(audio).toEqual({ contentType: 'audio/webm', base64: samples('pending')[0].base64 });
    expect(await h.call(internalApi.voice.accountExportAttachment, { ref: part.attachments[0].ref }, user)).toBeNull();
  });

  it('imports nothing of voice (a voice is held by this installation’s ElevenLabs account), and says so once per archive', async () => {
    const { user } = await clonedUser();
    const { files } = await h.call(internalApi.voice.accountExport, {}, user);
    const bob = h.newUser('premium');
    const key = archiveKey();
    expect(await h.call(internalApi.voice.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: true, counts: {} });
    expect(await h.call(api.voice.voiceStatus, {}, bob)).toMatchObject({ voiceCloningStatus: null, elevenLabsVoiceId: null });
    expect(await h.call(internalApi.voice.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
  });

  it('deletes the cloned voice at ElevenLabs exactly once and every row, once per event', async () => {
    const { user, voiceId } = await clonedUser();
    const other = await clonedUser();
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);
    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'voice'));
    expect(await rowsHoldingUser(h.dataSource, user.id, ['voice'])).toEqual({});
    expect(deletes(voiceId)).toBe(1);
    expect(eleven.voiceIds()).toContain(other.voiceId);

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.voice.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
    expect(deletes(voiceId)).toBe(1);
  });

  it('keeps a voice ElevenLabs could not delete yet (not done, nothing reported) until asked again', async () => {
    const { user, voiceId } = await clonedUser();
    // The erasure's own try and the delete job's first run both fail; the job's next run is 30 s away.
    eleven.failNextDeletes(2);
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, `account-deleted-${randomUUID()}`);
    await h.waitFor(async () => deletes(voiceId) === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toEqual([]);
    expect(await h.dataSource.query('SELECT voice_id FROM voice.retired_voices WHERE user_id = $1', [user.id])).toEqual([{ voice_id: voiceId }]);
    // identity's retry
    expect(await h.call(internalApi.voice.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    expect(eleven.voiceIds()).not.toContain(voiceId);
    expect(await rowsHoldingUser(h.dataSource, user.id, ['voice'])).toEqual({});
  });
});
