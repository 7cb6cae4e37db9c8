import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser, type FakeBrowser, pcmOf } from './live-voice.fakes';
import { CLOSED_BY_USER, MICROPHONE_REFUSED } from './live-voice-codes';
import {
  LIVE_AUDIO_CONSTRAINTS,
  type LiveVoiceCallbacks,
  type LiveVoiceEnd,
  LiveVoiceSession,
  type LiveVoiceState,
  type LiveVoiceStored,
  liveVoiceUrl,
} from './live-voice-session';
import { START_LEAD_S } from './pcm-player';

/** What the session told the page. */
function recorder() {
  const states: LiveVoiceState[] = [];
  const ends: LiveVoiceEnd[] = [];
  const stored: LiveVoiceStored[] = [];
  const texts: string[] = [];
  const callbacks: LiveVoiceCallbacks = {
    onState: (state) => states.push(state),
    onUserText: (_id, text) => texts.push(`you: ${text}`),
    onReplyText: (_id, text) => texts.push(`jarvis: ${text}`),
    onStored: (s) => stored.push(s),
    onLevel: () => undefined,
    onEnd: (end) => ends.push(end),
  };
  return { callbacks, states, ends, stored, texts };
}

let browser: FakeBrowser;
let page: ReturnType<typeof recorder>;
let session: LiveVoiceSession;

/** Starts a session and lets the service say it is ready. */
async function ready() {
  const started = session.start();
  await vi.waitFor(() => expect(browser.sockets).toHaveLength(1));
  browser.socket().serve({ type: 'ready' });
  expect(await started).toBe(true);
}

beforeEach(() => {
  browser = fakeBrowser();
  page = recorder();
  session = new LiveVoiceSession(page.callbacks, browser.env, 'ws://jarvis.test/api/voice/live');
});
afterEach(() => session.stop());

describe('a live voice session', () => {
  it('opens the microphone with echo cancellation and talks to /api/voice/live on the page’s own host', async () => {
    const getUserMedia = vi.spyOn(browser.env, 'getUserMedia');
    await ready();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: LIVE_AUDIO_CONSTRAINTS });
    expect(LIVE_AUDIO_CONSTRAINTS.echoCancellation).toBe(true);
    expect(browser.context().sampleRate).toBe(24_000);
    expect(browser.context().modules).toEqual(['/assets/pcm-capture.js']);
    expect(browser.socket().url).toBe('ws://jarvis.test/api/voice/live');
    expect(browser.socket().binaryType).toBe('arraybuffer');
    expect(liveVoiceUrl({ protocol: 'https:', host: 'jarvis.example' })).toBe(
      'wss://jarvis.example/api/voice/live',
    );
    expect(liveVoiceUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/voice/live',
    );
  });

  it('sends the microphone as binary frames only once the model is ready, as they are captured', async () => {
    const started = session.start();
    await vi.waitFor(() => expect(browser.sockets).toHaveLength(1));
    browser.capture().hear();
    expect(browser.socket().frames()).toHaveLength(0);
    browser.socket().serve({ type: 'ready' });
    await started;
    browser.capture().hear(pcmOf(40));
    browser.capture().hear(pcmOf(40));
    expect(browser.socket().frames()).toHaveLength(2);
    expect(browser.socket().frames()[0].byteLength).toBe(1_920);
    expect(page.states).toEqual(['connecting', 'listening']);
  });

  it('shows listening, thinking and speaking as the stream says, plays the answer gapless and says it was heard whole', async () => {
    await ready();
    const socket = browser.socket();
    const context = browser.context();
    socket.serve({ type: 'speech_started' });
    socket.serve({ type: 'speech_stopped' });
    expect(page.states.at(-1)).toBe('thinking');
    socket.serve({ type: 'transcript', itemId: 'user-1', text: 'What time is it?' });
    socket.serve({ type: 'reply_started', itemId: 'reply-1' });
    socket.audio(pcmOf(200));
    socket.audio(pcmOf(300));
    expect(page.states.at(-1)).toBe('speaking');
    // Each frame starts where the one before ends.
    const [first, second] = context.sources;
    expect(first.startedAt).toBeCloseTo(START_LEAD_S);
    expect(second.startedAt).toBeCloseTo(START_LEAD_S + 0.2);
    socket.serve({ type: 'reply_text', itemId: 'reply-1', text: 'It is noon.' });
    socket.serve({ type: 'reply_done', itemId: 'reply-1', status: 'completed' });
    // Still playing: nothing reported yet.
    expect(socket.messages()).toEqual([]);
    context.advance(0.3);
    expect(socket.messages()).toEqual([]);
    context.advance(0.3);
    expect(socket.messages()).toEqual([{ type: 'played', itemId: 'reply-1', ms: 500, complete: true }]);
    expect(page.states.at(-1)).toBe('listening');
    expect(page.texts).toEqual(['you: What time is it?', 'jarvis: It is noon.']);
  });

  it('says an answer was heard whole when the model finishes after its audio has played', async () => {
    await ready();
    const socket = browser.socket();
    socket.serve({ type: 'reply_started', itemId: 'reply-1' });
    socket.audio(pcmOf(100));
    browser.context().advance(1);
    expect(socket.messages()).toEqual([]);
    socket.serve({ type: 'reply_done', itemId: 'reply-1', status: 'completed' });
    expect(socket.messages()).toEqual([{ type: 'played', itemId: 'reply-1', ms: 100, complete: true }]);
    expect(page.states.at(-1)).toBe('listening');
  });

  it('stops at once when the user speaks over Jarvis, reports how much was heard, and drops the rest of the answer', async () => {
    await ready();
    const socket = browser.socket();
    const context = browser.context();
    socket.serve({ type: 'reply_started', itemId: 'reply-1' });
    socket.audio(pcmOf(1_000));
    socket.audio(pcmOf(1_000));
    context.advance(START_LEAD_S + 1.25);
    socket.serve({ type: 'speech_started' });
    // The second second was playing: silenced.
    expect(context.sources[1].stopped).toBe(true);
    expect(socket.messages()).toEqual([{ type: 'played', itemId: 'reply-1', ms: 1_250, complete: false }]);
    expect(page.states.at(-1)).toBe('listening');
    // What was still on its way is not played, and the model's end of it says nothing more.
    socket.audio(pcmOf(500));
    expect(context.sources).toHaveLength(2);
    socket.serve({ type: 'reply_done', itemId: 'reply-1', status: 'cancelled' });
    expect(socket.messages()).toHaveLength(1);
    socket.serve({
      type: 'stored',
      userItemId: 'user-1',
      replyItemId: 'reply-1',
      transcript: 'Tell me a story',
      reply: 'Once upon…',
      userMessageId: 'm1',
      assistantMessageId: 'm2',
    });
    expect(page.stored[0]).toMatchObject({ reply: 'Once upon…', interrupted: true });
  });

  it('counts what the device has not yet sent out as not heard', async () => {
    await ready();
    const socket = browser.socket();
    const context = browser.context();
    context.outputLatency = 0.05;
    socket.serve({ type: 'reply_started', itemId: 'reply-1' });
    socket.audio(pcmOf(1_000));
    context.advance(START_LEAD_S + 0.5);
    socket.serve({ type: 'speech_started' });
    expect(socket.messages()).toEqual([{ type: 'played', itemId: 'reply-1', ms: 450, complete: false }]);
  });

  it('marks an exchange heard whole as not interrupted', async () => {
    await ready();
    browser.socket().serve({
      type: 'stored',
      userItemId: 'user-1',
      replyItemId: 'reply-1',
      transcript: 'Hi',
      reply: 'Hello!',
      userMessageId: 'm1',
      assistantMessageId: 'm2',
    });
    expect(page.stored[0]).toMatchObject({ transcript: 'Hi', reply: 'Hello!', interrupted: false });
  });

  it('goes turn by turn when the stream is refused before it is ready (no live voice, the model unreachable)', async () => {
    const started = session.start();
    await vi.waitFor(() => expect(browser.sockets).toHaveLength(1));
    browser.socket().closeFromServer(1006);
    expect(await started).toBe(false);
    expect(page.ends).toEqual([{ code: 1006, fallback: true, error: undefined }]);
    expect(browser.micReleased()).toBe(true);
    expect(browser.context().closed).toBe(true);
  });

  it('ends with the service’s reason when a quota runs out, and does not fall back', async () => {
    await ready();
    browser.socket().serve({ type: 'error', code: 'QUOTA_EXCEEDED', error: 'Daily voice limit reached.' });
    browser.socket().closeFromServer(4029);
    expect(page.ends).toEqual([
      { code: 4029, fallback: false, error: { code: 'QUOTA_EXCEEDED', error: 'Daily voice limit reached.' } },
    ]);
    expect(browser.micReleased()).toBe(true);
  });

  it('ends after 2 minutes of silence when the service closes it (4000)', async () => {
    await ready();
    browser.socket().closeFromServer(4000);
    expect(page.ends).toEqual([{ code: 4000, fallback: false, error: undefined }]);
  });

  it('says the microphone is needed when it is refused, and opens no stream', async () => {
    browser = fakeBrowser({ refuseMicrophone: true });
    session = new LiveVoiceSession(page.callbacks, browser.env, 'ws://jarvis.test/api/voice/live');
    expect(await session.start()).toBe(false);
    expect(browser.sockets).toHaveLength(0);
    expect(page.ends).toEqual([
      {
        code: MICROPHONE_REFUSED,
        fallback: false,
        error: {
          code: 'MICROPHONE',
          error: 'Microphone access is needed for voice chat. Please check permissions.',
        },
      },
    ]);
  });

  it('lets the microphone go and opens nothing when stopped while the browser was still asking for it', async () => {
    const started = session.start();
    session.stop();
    expect(await started).toBe(false);
    expect(browser.micReleased()).toBe(true);
    expect(browser.sockets).toHaveLength(0);
    expect(page.ends).toEqual([{ code: CLOSED_BY_USER, fallback: false }]);
  });

  it('opens no stream when stopped while the audio was being set up', async () => {
    let loaded!: () => void;
    browser = fakeBrowser({ workletLoaded: new Promise<void>((resolve) => (loaded = resolve)) });
    session = new LiveVoiceSession(page.callbacks, browser.env, 'ws://jarvis.test/api/voice/live');
    const started = session.start();
    await vi.waitFor(() => expect(browser.context().modules).toHaveLength(1));
    session.stop();
    loaded();
    expect(await started).toBe(false);
    expect(browser.sockets).toHaveLength(0);
    expect(browser.context().closed).toBe(true);
    expect(browser.micReleased()).toBe(true);
  });

  it('closes the stream, silences Jarvis and lets go of the microphone when stopped', async () => {
    await ready();
    const socket = browser.socket();
    socket.serve({ type: 'reply_started', itemId: 'reply-1' });
    socket.audio(pcmOf(500));
    session.stop();
    expect(socket.closedWith).toBe(CLOSED_BY_USER);
    expect(browser.context().sources[0].stopped).toBe(true);
    expect(browser.capture().disconnected).toBe(true);
    expect(browser.micReleased()).toBe(true);
    expect(browser.context().closed).toBe(true);
    expect(page.ends).toEqual([{ code: CLOSED_BY_USER, fallback: false }]);
    // Nothing after the end reaches the page.
    browser.capture().hear();
    expect(socket.frames()).toHaveLength(0);
  });
});
