import { api, LIVE_VOICE_CLOSE, type LiveVoiceServerMessage } from '@jarvis/contracts';
import { TestHttpClient, type ServiceHarness } from '@jarvis/testing';
import {
  openWebSocket,
  pcm16Silence,
  pcm16Tone,
  type RealtimeFake,
  startRealtimeFake,
  type TestWebSocket,
  WebSocketRefusedError,
} from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveSystem, startLiveSystem } from '../testing/live-system';
import { startVoice } from '../testing/voice-harness';

const REALTIME_KEY = 'sk-live-voice-test';
/** Quiet after speech that ends an utterance at the fake. */
const SILENCE_MS = 200;
/** A session nobody speaks in is closed after this long (the product's 2 minutes, shortened). */
const IDLE_SECONDS = 4;

let h: ServiceHarness;
let realtime: RealtimeFake;
let system: LiveSystem;

beforeAll(async () => {
  realtime = await startRealtimeFake({ apiKey: REALTIME_KEY, thinkMs: 40, silenceMs: SILENCE_MS, deltaMs: 40, paceMs: 2, msPerCharacter: 25 });
  h = await startVoice('live-voice', {
    OPENAI_API_KEY: REALTIME_KEY,
    OPENAI_BASE_URL: realtime.baseURL,
    OPENAI_REALTIME_MODEL: 'gpt-realtime',
    LIVE_VOICE_IDLE_SECONDS: String(IDLE_SECONDS),
  });
  // A free user may stream 20 s of audio and have 3 chat messages a day here.
  system = await startLiveSystem(h, { QUOTA_AUDIO_SECONDS_FREE: '20', QUOTA_CHAT_MESSAGES_FREE: '3' });
}, 90_000);
afterAll(async () => {
  await system?.stop();
  await h?.close();
  await realtime?.close();
});

const wsUrl = () => `${system.url.replace(/^http/, 'ws')}/api/voice/live`;

/** A user signed in through the gateway, as the browser is. */
async function signedIn() {
  const client = new TestHttpClient(system.url);
  const { status } = await client.post('/api/register', { username: `live${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`, password: 'secret1' });
  expect(status).toBe(201);
  return client;
}

/** The browser's side of a live session: its WebSocket through the gateway, and what the service said on it. */
class Browser {
  constructor(readonly ws: TestWebSocket) {}

  get messages(): LiveVoiceServerMessage[] {
    return this.ws.texts.map((t) => JSON.parse(t) as LiveVoiceServerMessage);
  }

  of<T extends LiveVoiceServerMessage['type']>(type: T) {
    return this.messages.filter((m): m is Extract<LiveVoiceServerMessage, { type: T }> => m.type === type);
  }

  next<T extends LiveVoiceServerMessage['type']>(type: T, after = 0) {
    return h.waitFor(() => this.of(type)[after], { timeoutMs: 8_000, message: () => `a ${type} message (#${after + 1}) in ${JSON.stringify(this.messages.map((m) => m.type))}` });
  }

  /** The microphone: `audio` in 100 ms frames, as an AudioWorklet sends it. */
  say(audio: Buffer) {
    for (let at = 0; at < audio.length; at += 4_800) this.ws.send(audio.subarray(at, at + 4_800));
  }

  played(itemId: string, ms: number, complete: boolean) {
    this.ws.send(JSON.stringify({ type: 'played', itemId, ms, complete }));
  }
}

async function connect(client: TestHttpClient): Promise<Browser> {
  const ws = await openWebSocket(wsUrl(), { origin: system.url, cookie: `jarvis.sid=${client.sessionCookie()}` });
  const browser = new Browser(ws);
  await browser.next('ready');
  return browser;
}

/** Something said: `ms` of voice, then the quiet that ends it. */
const utterance = (ms = 400) => Buffer.concat([pcm16Tone(ms), pcm16Silence(SILENCE_MS + 100)]);

const lastSession = () => realtime.sessions.at(-1)!;
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('/api/voice/live through the gateway', () => {
  it('is refused before the upgrade without a session (401) and from another origin (403)', async () => {
    const client = await signedIn();
    const cookie = `jarvis.sid=${client.sessionCookie()}`;
    const sessions = realtime.sessions.length;
    const anonymous = await refusal(openWebSocket(wsUrl(), { origin: system.url }));
    expect(anonymous).toBeInstanceOf(WebSocketRefusedError);
    expect((anonymous as WebSocketRefusedError).status).toBe(401);
    const foreign = await refusal(openWebSocket(wsUrl(), { origin: 'https://evil.example', cookie }));
    expect((foreign as WebSocketRefusedError).status).toBe(403);
    // Neither reached the model.
    expect(realtime.sessions.length).toBe(sessions);
  });

  it("says live voice is on, and sets the model's session up with the user's chat context, 24 kHz PCM both ways, server VAD and transcription", async () => {
    const client = await signedIn();
    expect((await client.get('/api/voice/live/status')).body).toEqual({ available: true });
    expect((await client.post('/api/chat', { message: 'My name is Dana.' })).status).toBe(200);
    const browser = await connect(client);
    const session = await h.waitFor(() => (lastSession().events.find((e) => e.type === 'session.update') ? lastSession() : null));
    expect(session.authorization).toBe(`Bearer ${REALTIME_KEY}`);
    expect(session.model).toBe('gpt-realtime');
    expect(session.session).toMatchObject({
      output_modalities: ['audio'],
      audio: {
        input: {
          format: { type: 'audio/pcm', rate: 24_000 },
          transcription: { model: 'gpt-4o-mini-transcribe' },
          turn_detection: { type: 'server_vad', create_response: false, interrupt_response: true },
        },
        output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: 'alloy' },
      },
    });
    expect(session.session.instructions).toContain("User's name is Dana");
    expect(session.session.instructions).toMatch(/The conversation so far[\s\S]*User: My name is Dana\./);
    browser.ws.close();
  });

  it('answers a spoken exchange as it is heard, and stores it in the chat history like any other turn', async () => {
    const client = await signedIn();
    const browser = await connect(client);
    realtime.turns.push({ transcript: "What's the weather like on Mars?", reply: 'Cold and dusty, as always.' });
    browser.say(utterance());
    await browser.next('speech_started');
    await browser.next('speech_stopped');
    const started = await browser.next('reply_started');
    expect(await browser.next('transcript')).toEqual({ type: 'transcript', itemId: expect.any(String), text: "What's the weather like on Mars?" });
    expect(await browser.next('reply_text')).toEqual({ type: 'reply_text', itemId: started.itemId, text: 'Cold and dusty, as always.' });
    expect(await browser.next('reply_done')).toEqual({ type: 'reply_done', itemId: started.itemId, status: 'completed' });
    // The answer's audio arrived as it was made: PCM16 at 24 kHz, 25 ms a character at the fake.
    const audioBytes = browser.ws.binaries.reduce((sum, b) => sum + b.length, 0);
    expect(audioBytes).toBe('Cold and dusty, as always.'.length * 25 * 48);
    expect(lastSession().responses.at(-1)).toMatchObject({ status: 'completed', text: 'Cold and dusty, as always.' });
    // The model answered only once asked, after the exchange's chat message was charged.
    expect(lastSession().events.filter((e) => e.type === 'response.create')).toHaveLength(1);
    // Nothing is stored while the answer is still playing in the browser.
    expect(browser.of('stored')).toEqual([]);
    browser.played(started.itemId, audioBytes / 48, true);
    const stored = await browser.next('stored');
    expect(stored).toMatchObject({ transcript: "What's the weather like on Mars?", reply: 'Cold and dusty, as always.' });
    const history = (await client.get('/api/chat/messages')).body as { id: string; role: string; content: string }[];
    expect(history.map((m) => [m.id, m.role, m.content])).toEqual([
      [stored.userMessageId, 'user', "What's the weather like on Mars?"],
      [stored.assistantMessageId, 'assistant', 'Cold and dusty, as always.'],
    ]);
    browser.ws.close();
  });

  it("stops at once when the user speaks over Jarvis: the model's item is truncated to what was heard, and the history keeps that", async () => {
    const client = await signedIn();
    const browser = await connect(client);
    const long = 'Let me tell you a very long story about the rings of Saturn and the moons that shepherd them.';
    realtime.turns.push({ transcript: 'Tell me a story.', reply: long }, { transcript: 'Stop, thanks.', reply: 'Sure.' });
    // The model makes this answer's audio at half real time: it is still answering when the user speaks.
    realtime.timing.paceMs = 20;
    browser.say(utterance());
    const started = await browser.next('reply_started');
    await h.waitFor(() => browser.ws.binaries.length >= 20, { message: '800 ms of the answer in the browser' });
    // The browser has played 600 ms of it when the user speaks again; it stops and says so.
    browser.say(pcm16Tone(300));
    await browser.next('speech_started', 1);
    browser.played(started.itemId, 600, false);
    const truncation = await h.waitFor(() => lastSession().truncations[0]);
    expect(truncation).toEqual({ item_id: started.itemId, content_index: 0, audio_end_ms: 600 });
    // The model stopped answering, and nothing it made after the user spoke reached the browser.
    const answer = lastSession().responses[0];
    expect(answer.status).toBe('cancelled');
    expect(browser.ws.binaries.length).toBe(answer.deltas);
    realtime.timing.paceMs = 2;
    browser.say(pcm16Silence(SILENCE_MS + 100));
    const first = await browser.next('stored');
    expect(first.transcript).toBe('Tell me a story.');
    expect(first.reply).toMatch(/^Let me tell you.*…$/);
    expect(first.reply.length).toBeLessThan(long.length / 2);
    const second = await browser.next('reply_started', 1);
    browser.played(second.itemId, 5_000, true);
    await browser.next('stored', 1);
    const history = ((await client.get('/api/chat/messages')).body as { content: string }[]).map((m) => m.content);
    expect(history).toEqual(['Tell me a story.', first.reply, 'Stop, thanks.', 'Sure.']);
    browser.ws.close();
  });

  it('ends the session when the day\'s audio seconds are used up, saying why (QUOTA_EXCEEDED, 4029)', async () => {
    const browser = await connect(await signedIn());
    // 25 s of quiet: the fourth 5 s block is the last of the 20 s a free user has here.
    browser.say(pcm16Silence(25_000));
    const error = await browser.next('error');
    expect(error).toMatchObject({ type: 'error', code: 'QUOTA_EXCEEDED' });
    expect(error.error).toMatch(/transcription and music recognition/i);
    expect(await browser.ws.closed).toMatchObject({ code: LIVE_VOICE_CLOSE.quota });
    // The model heard exactly the audio that was paid for.
    expect(lastSession().appendedBytes).toBe(20 * 48_000);
  });

  it("asks nothing of the model once the day's chat messages are used up", async () => {
    const client = await signedIn();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/chat', { message: `hello ${i}` })).status).toBe(200);
    const browser = await connect(client);
    browser.say(utterance());
    expect(await browser.next('error')).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await browser.ws.closed).toMatchObject({ code: LIVE_VOICE_CLOSE.quota });
    expect(lastSession().events.filter((e) => e.type === 'response.create')).toEqual([]);
  });

  it(`closes a session nobody speaks in (after ${IDLE_SECONDS} s here, 2 minutes by default)`, async () => {
    const browser = await connect(await signedIn());
    const startedAt = Date.now();
    const closed = await browser.ws.closed;
    expect(closed.code).toBe(LIVE_VOICE_CLOSE.idle);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 500);
    expect(await h.waitFor(() => lastSession().closed)).toBe(true);
  }, 15_000);

  it('is refused (503) when the model cannot be reached within 3 s, so the browser goes on turn by turn', async () => {
    const client = await signedIn();
    realtime.stall = true;
    try {
      const refused = await refusal(openWebSocket(wsUrl(), { origin: system.url, cookie: `jarvis.sid=${client.sessionCookie()}` }));
      expect((refused as WebSocketRefusedError).status).toBe(503);
      expect(JSON.parse((refused as WebSocketRefusedError).body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      realtime.stall = false;
    }
  }, 15_000);
});

describe('GET /api/voice/live/status', () => {
  it('answers for a signed-in user only', async () => {
    expect((await h.fail(api.voice.liveVoiceStatus, {}, null)).kind).toBe('UNAUTHENTICATED');
  });
});
