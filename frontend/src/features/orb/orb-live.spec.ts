import { describe, expect, it, vi } from 'vitest';
import type { LiveVoiceCallbacks, LiveVoiceStored } from '../live-voice/live-voice-session';
import {
  LIVE_CLOSED_IDLE,
  LIVE_CONNECTING,
  LIVE_LOST,
  liveCallbacks,
  LiveOrb,
  type OrbConversationCallbacks,
  placeExchange,
  type ShownTurn,
} from './orb-live';
import { ORB_STATUS } from './orb-loop';

const stored = (overrides: Partial<LiveVoiceStored> = {}): LiveVoiceStored => ({
  type: 'stored',
  userItemId: 'u1',
  replyItemId: 'r1',
  transcript: 'Tell me a story',
  reply: 'Once upon a time there was a fox.',
  userMessageId: 'm1',
  assistantMessageId: 'm2',
  interrupted: false,
  ...overrides,
});

/** The orb page's side: its transcript, phase and status as the callbacks leave them. */
function orbPage() {
  let turns: ShownTurn[] = [];
  const phases: { phase: string; status: string }[] = [];
  const callbacks: OrbConversationCallbacks = {
    onPhase: (phase, detail) => phases.push({ phase, status: detail ?? ORB_STATUS[phase] }),
    onTurn: (t) => (turns = [...turns, t]),
    onExchange: (user, reply, ids) => (turns = placeExchange(turns, user, reply, ids)),
    onLevel: () => undefined,
  };
  return {
    callbacks,
    phases,
    turns: () => turns.map((t) => `${t.role}: ${t.text}${t.interrupted ? ' [cut]' : ''}`),
  };
}

describe('the orb’s live transcript', () => {
  it('puts the user’s words before the answer even when they were transcribed after it began', () => {
    const orb = orbPage();
    const live = liveCallbacks(orb.callbacks, vi.fn());
    live.onReplyText('r1', 'Once upon a time there was a fox.');
    live.onUserText('u1', 'Tell me a story');
    expect(orb.turns()).toEqual(['assistant: Once upon a time there was a fox.', 'user: Tell me a story']);
    live.onStored(stored());
    expect(orb.turns()).toEqual(['user: Tell me a story', 'assistant: Once upon a time there was a fox.']);
  });

  it('cuts the answer where the user spoke over it, and keeps earlier exchanges where they are', () => {
    const orb = orbPage();
    const live = liveCallbacks(orb.callbacks, vi.fn());
    live.onUserText('u0', 'Hi');
    live.onReplyText('r0', 'Hello!');
    live.onStored(stored({ userItemId: 'u0', replyItemId: 'r0', transcript: 'Hi', reply: 'Hello!' }));
    live.onUserText('u1', 'Tell me a story');
    live.onStored(stored({ reply: 'Once upon a…', interrupted: true }));
    expect(orb.turns()).toEqual([
      'user: Hi',
      'assistant: Hello!',
      'user: Tell me a story',
      'assistant: Once upon a… [cut]',
    ]);
  });

  it('drops an answer the user cut off before hearing a word of it', () => {
    const orb = orbPage();
    const live = liveCallbacks(orb.callbacks, vi.fn());
    live.onUserText('u1', 'Tell me a story');
    live.onReplyText('r1', 'Once upon a time there was a fox.');
    live.onStored(stored({ reply: '', assistantMessageId: null, interrupted: true }));
    expect(orb.turns()).toEqual(['user: Tell me a story']);
  });

  it('follows the stream: connecting, then listening, thinking and speaking in the orb’s words', () => {
    const orb = orbPage();
    const live = liveCallbacks(orb.callbacks, vi.fn());
    for (const state of ['connecting', 'listening', 'thinking', 'speaking'] as const) live.onState(state);
    expect(orb.phases).toEqual([
      { phase: 'thinking', status: LIVE_CONNECTING },
      { phase: 'listening', status: 'Listening... speak now' },
      { phase: 'thinking', status: 'Jarvis is thinking...' },
      { phase: 'speaking', status: 'Jarvis is speaking...' },
    ]);
  });

  it('says why the conversation ended by itself, and nothing when the user ended it', () => {
    const orb = orbPage();
    const onEnd = vi.fn();
    const live = liveCallbacks(orb.callbacks, onEnd);
    live.onEnd({ code: 4000, fallback: false });
    live.onEnd({ code: 1011, fallback: false });
    live.onEnd({
      code: 4029,
      fallback: false,
      error: { code: 'QUOTA_EXCEEDED', error: 'Daily limit reached.' },
    });
    live.onEnd({ code: 1000, fallback: false });
    expect(orb.phases).toEqual([
      { phase: 'idle', status: LIVE_CLOSED_IDLE },
      { phase: 'idle', status: LIVE_LOST },
      { phase: 'error', status: 'Daily limit reached.' },
      { phase: 'idle', status: 'Click "Start Voice Chat" to begin' },
    ]);
    expect(onEnd).toHaveBeenCalledTimes(4);
  });

  it('hands a session that never started to the turn-by-turn loop without a word', () => {
    const orb = orbPage();
    const onEnd = vi.fn();
    liveCallbacks(orb.callbacks, onEnd).onEnd({ code: 1006, fallback: true });
    expect(orb.phases).toEqual([]);
    expect(onEnd).toHaveBeenCalledWith({ code: 1006, fallback: true });
  });
});

describe('LiveOrb', () => {
  it('opens no session when stopped while its code was still loading', async () => {
    const orb = orbPage();
    let loaded!: () => void;
    const openLiveVoice = vi.fn((_callbacks: LiveVoiceCallbacks) => ({
      start: async () => true,
      stop: vi.fn(),
    }));
    const live = new LiveOrb(
      orb.callbacks,
      vi.fn(),
      () => new Promise((resolve) => (loaded = () => resolve({ openLiveVoice }))),
    );
    const started = live.start();
    expect(orb.phases).toEqual([{ phase: 'thinking', status: LIVE_CONNECTING }]);
    live.stop();
    loaded();
    expect(await started).toBe(false);
    expect(openLiveVoice).not.toHaveBeenCalled();
  });

  it('stops the session it opened', async () => {
    const orb = orbPage();
    const stop = vi.fn();
    const live = new LiveOrb(orb.callbacks, vi.fn(), async () => ({
      openLiveVoice: () => ({ start: async () => true, stop }),
    }));
    expect(await live.start()).toBe(true);
    live.stop();
    expect(stop).toHaveBeenCalledOnce();
  });
});
