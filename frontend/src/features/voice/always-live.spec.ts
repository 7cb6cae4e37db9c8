import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getChatSession, resetChatSession, updateMessages } from '../../state/chat-session';
import { MICROPHONE_REQUIRED, setVoiceMode } from './voice-modes';
import { getVoiceState, resetVoiceState } from './voice-store';
import {
  ALWAYS_LIVE_ENDED,
  alwaysLiveCallbacks,
  alwaysLiveEnded,
  DAILY_LIMIT_TITLE,
  settleExchange,
  startAlwaysLive,
} from './always-live';
import type { LiveVoiceCallbacks, LiveVoiceStored } from '../live-voice/live-voice-session';
import { forgetLiveVoiceStatus } from '../live-voice/live-voice-status';

/** The session startAlwaysLive opens, played by the test. */
const opened = vi.hoisted(() => ({
  callbacks: null as LiveVoiceCallbacks | null,
  start: 0,
  stop: 0,
}));
vi.mock('../live-voice/live-voice', () => ({
  openLiveVoice: (callbacks: LiveVoiceCallbacks) => {
    opened.callbacks = callbacks;
    return {
      start: async () => {
        opened.start += 1;
        return true;
      },
      stop: () => {
        opened.stop += 1;
        callbacks.onEnd({ code: 1000, fallback: false });
      },
    };
  },
}));

const stored = (overrides: Partial<LiveVoiceStored> = {}): LiveVoiceStored => ({
  type: 'stored',
  userItemId: 'u1',
  replyItemId: 'r1',
  transcript: 'What is the weather?',
  reply: 'It is sunny and warm today.',
  userMessageId: 'm-user',
  assistantMessageId: 'm-reply',
  interrupted: false,
  ...overrides,
});

const shown = () =>
  getChatSession().messages.map((m) => `${m.role}: ${m.content}${m.localOnly ? ' (local)' : ''}`);

/** The server says whether live voice is on. */
function liveVoiceOffered(available: boolean) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    asked.push(path);
    if (path !== '/api/voice/live/status') return new Response(null, { status: 404 });
    return new Response(JSON.stringify({ available }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

beforeEach(() => {
  resetChatSession();
  resetVoiceState();
  forgetLiveVoiceStatus();
  Object.assign(opened, { callbacks: null, start: 0, stop: 0 });
});
afterEach(() => {
  setVoiceMode(null);
  vi.unstubAllGlobals();
});

describe('Always mode over live voice: the chat', () => {
  it('shows the words as they are known, then the stored pair, the user’s message first', () => {
    const live = alwaysLiveCallbacks(vi.fn());
    updateMessages(() => [{ id: 'old', role: 'user', content: 'Earlier', created_at: 'then', actions: [] }]);
    live.onReplyText('r1', 'It is sunny and warm today.');
    live.onUserText('u1', 'What is the weather?');
    expect(shown()).toEqual([
      'user: Earlier',
      'assistant: It is sunny and warm today. (local)',
      'user: What is the weather? (local)',
    ]);
    live.onStored(stored());
    expect(shown()).toEqual([
      'user: Earlier',
      'user: What is the weather?',
      'assistant: It is sunny and warm today.',
    ]);
    expect(getChatSession().messages.map((m) => m.id)).toEqual(['old', 'm-user', 'm-reply']);
  });

  it('keeps the answer as far as it was heard, and none when the user cut it off before a word', () => {
    const live = alwaysLiveCallbacks(vi.fn());
    live.onUserText('u1', 'What is the weather?');
    live.onReplyText('r1', 'It is sunny and warm today.');
    live.onStored(stored({ reply: 'It is sunny…', interrupted: true }));
    live.onUserText('u2', 'Stop');
    live.onReplyText('r2', 'Okay.');
    live.onStored(
      stored({
        userItemId: 'u2',
        replyItemId: 'r2',
        transcript: 'Stop',
        reply: '',
        userMessageId: 'm3',
        assistantMessageId: null,
      }),
    );
    expect(shown()).toEqual(['user: What is the weather?', 'assistant: It is sunny…', 'user: Stop']);
  });

  it('adds an exchange it never showed (words that came in only with the stored pair)', () => {
    expect(settleExchange([], stored(), {}, 'now').map((m) => [m.id, m.content, m.created_at])).toEqual([
      ['m-user', 'What is the weather?', 'now'],
      ['m-reply', 'It is sunny and warm today.', 'now'],
    ]);
  });

  it('says “Thinking...” in the status line while Jarvis prepares an answer, and marks it speaking while it talks', () => {
    const live = alwaysLiveCallbacks(vi.fn());
    live.onState('connecting');
    expect(getVoiceState().heard).toBe('Connecting...');
    live.onState('thinking');
    expect(getVoiceState().heard).toBe('Thinking...');
    live.onState('speaking');
    expect(getVoiceState()).toMatchObject({ heard: '', speaking: true });
    live.onState('listening');
    expect(getVoiceState()).toMatchObject({ heard: '', speaking: false });
  });
});

describe('Always mode over live voice: the end', () => {
  it('turns Always off and says why when the session ends by itself', () => {
    const toast = vi.fn();
    alwaysLiveEnded({ code: 4000, fallback: false }, toast, vi.fn());
    alwaysLiveEnded({ code: 1011, fallback: false }, toast, vi.fn());
    alwaysLiveEnded(
      { code: 4401, fallback: false, error: { code: 'MICROPHONE', error: 'x' } },
      toast,
      vi.fn(),
    );
    alwaysLiveEnded(
      {
        code: 4029,
        fallback: false,
        error: { code: 'QUOTA_EXCEEDED', error: 'You have used today’s voice minutes.' },
      },
      toast,
      vi.fn(),
    );
    expect(toast.mock.calls.map(([t]) => t)).toEqual([
      { ...ALWAYS_LIVE_ENDED.idle, variant: 'default' },
      { ...ALWAYS_LIVE_ENDED.lost, variant: 'default' },
      { ...MICROPHONE_REQUIRED, variant: 'destructive' },
      {
        title: DAILY_LIMIT_TITLE,
        description: 'You have used today’s voice minutes.',
        variant: 'destructive',
      },
    ]);
    expect(getVoiceState().continuousMode).toBe(false);
  });

  it('says nothing when the user turned it off, and goes turn by turn when it never started', () => {
    const toast = vi.fn();
    const fallback = vi.fn();
    alwaysLiveEnded({ code: 1000, fallback: false }, toast, fallback);
    alwaysLiveEnded({ code: 1006, fallback: true }, toast, fallback);
    expect(toast).not.toHaveBeenCalled();
    expect(fallback).toHaveBeenCalledOnce();
  });
});

describe('startAlwaysLive', () => {
  it('leaves Always to the browser’s recognition when the server offers no live voice', async () => {
    const asked = liveVoiceOffered(false);
    expect(await startAlwaysLive(vi.fn(), vi.fn())).toBe(false);
    expect(asked).toEqual(['/api/voice/live/status']);
    expect(opened.callbacks).toBeNull();
  });

  it('runs Always over live voice when offered: the toggle shows ON, and turning it off ends the session quietly', async () => {
    liveVoiceOffered(true);
    const toast = vi.fn();
    expect(await startAlwaysLive(toast, vi.fn())).toBe(true);
    expect(opened.start).toBe(1);
    expect(getVoiceState()).toMatchObject({ continuousMode: true, wakeMode: false });
    setVoiceMode(null);
    expect(opened.stop).toBe(1);
    expect(getVoiceState().continuousMode).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('ends the live session when “Hey Jarvis” is turned on instead', async () => {
    liveVoiceOffered(true);
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        start() {}
        abort() {}
      },
    );
    await startAlwaysLive(vi.fn(), vi.fn());
    setVoiceMode('wake');
    expect(opened.stop).toBe(1);
    expect(getVoiceState()).toMatchObject({ continuousMode: false, wakeMode: true });
  });
});
