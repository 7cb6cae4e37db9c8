import { api, DomainError, type ErrorKind, webhookReceivers } from '@jarvis/contracts';
import { type LoopbackFake, startLoopback } from '@jarvis/testing';
import { SILENT_MP3 } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
let model: LoopbackFake;
/** Users whose clone is on, and whether the voice service's speech works for them. */
const cloned = new Map<string, { speechWorks: boolean }>();
const spoken: string[] = [];

beforeAll(async () => {
  model = await startLoopback(() => ({
    body: {
      id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'gpt-4o-mini',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Happy to help.' } }],
    },
  }));
  h = await startTelephony('call-voice', { OPENAI_BASE_URL: `${model.url}/v1` });
  // The voice service, played here: the clone's status and its speech, by the caller's user id.
  type VoiceRequest = { ctx: { userId: string }; data: { text?: string } };
  await h.published<VoiceRequest>(api.voice.voiceStatus, {
    reply: ({ body: { ctx } }) => {
      const on = cloned.has(ctx.userId);
      return { voiceCloningStatus: on ? 'completed' : null, voiceCloningEnabled: on, elevenLabsVoiceId: on ? 'voice-1' : null };
    },
  });
  await h.published<VoiceRequest>(api.voice.speak, {
    reply: ({ body: { ctx, data } }) => {
      if (!cloned.get(ctx.userId)?.speechWorks) throw new DomainError('UNAVAILABLE' as ErrorKind, 'ElevenLabs is down', { code: 'SERVICE_UNAVAILABLE' });
      spoken.push(data.text ?? '');
      return { ok: true, mime: 'audio/mpeg', audioBase64: SILENT_MP3.toString('base64') };
    },
  });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

/** Twilio fetching a `<Play>` URL: a plain GET, unsigned. */
function fetchClip(url: string) {
  const path = url.slice(`${PUBLIC_URL}/webhooks/telephony`.length);
  return h.rpc.call(webhookReceivers.telephony, { method: 'GET', path, query: '', url, bodyBase64: '', headers: {} }, h.ctx(null));
}

async function callTo(ownerVoice: { speechWorks: boolean } | null) {
  const user = h.newUser('premium');
  if (ownerVoice) cloned.set(user.id, ownerVoice);
  const line = await h.newLine(user, h.twilio);
  const CallSid = h.callSid();
  const first = await h.webhook('/voice', { CallSid, From: '+15557654321', To: line });
  return { CallSid, first: first.body };
}

describe("the owner's cloned voice on calls", () => {
  it('speaks the greeting and every answer with the clone, played from a short-lived clip Twilio can fetch', async () => {
    const { CallSid, first } = await callTo({ speechWorks: true });
    const played = /<Play>(https:\/\/jarvis\.test\/webhooks\/telephony\/audio\/[0-9a-f-]{36})<\/Play>/.exec(first);
    expect(played, first).not.toBeNull();
    expect(first).not.toContain('<Say');
    const clip = await fetchClip(played![1]);
    expect(clip).toMatchObject({ status: 200, contentType: 'audio/mpeg' });
    expect(Buffer.from(clip.bodyBase64!, 'base64').equals(SILENT_MP3)).toBe(true);

    const turn = await h.webhook('/turn', { CallSid, SpeechResult: 'Can Ann call me back?' });
    expect(turn.body).toMatch(/<Gather[^>]*><Play>https:\/\/jarvis\.test\/webhooks\/telephony\/audio\//);
    expect(spoken).toContain('Happy to help.');
    expect((await fetchClip(`${PUBLIC_URL}/webhooks/telephony/audio/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetchClip(`${PUBLIC_URL}/webhooks/telephony/audio/not-an-id`)).status).toBe(404);
  });

  it("falls back to Twilio's voice when the clone cannot speak, and when the owner has none", async () => {
    const failing = await callTo({ speechWorks: false });
    expect(failing.first).toContain('<Say');
    expect(failing.first).not.toContain('<Play>');
    const plain = await callTo(null);
    expect(plain.first).toContain('<Say');
    expect(plain.first).not.toContain('<Play>');
  });
});
