import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ensureChatSessionFor,
  flashMood,
  getChatSession,
  resetChatSession,
  updateChatSession,
} from './chat-session';

beforeEach(() => resetChatSession());
afterEach(() => vi.useRealTimers());

describe('chat session', () => {
  it('returns to no transient mood 2 s after responding or an error', () => {
    vi.useFakeTimers();
    flashMood('responding');
    expect(getChatSession().transientMood).toBe('responding');
    vi.advanceTimersByTime(1_999);
    expect(getChatSession().transientMood).toBe('responding');
    vi.advanceTimersByTime(1);
    expect(getChatSession().transientMood).toBeNull();
    flashMood('error');
    vi.advanceTimersByTime(2_000);
    expect(getChatSession().transientMood).toBeNull();
  });

  it('queues the text of an addChatMessage event from the user', () => {
    window.dispatchEvent(
      new CustomEvent('addChatMessage', { detail: { text: 'Plan my week', sender: 'user' } }),
    );
    window.dispatchEvent(new CustomEvent('addChatMessage', { detail: { text: '   ', sender: 'user' } }));
    window.dispatchEvent(
      new CustomEvent('addChatMessage', { detail: { text: 'from jarvis', sender: 'assistant' } }),
    );
    expect(getChatSession().outbox).toEqual(['Plan my week']);
  });

  it('starts empty for another user and keeps the chat for the same one', () => {
    ensureChatSessionFor('u1');
    updateChatSession({ messages: [{ id: 'm', role: 'user', content: 'hi', created_at: '' }] });
    ensureChatSessionFor('u1');
    expect(getChatSession().messages).toHaveLength(1);
    ensureChatSessionFor('u2');
    expect(getChatSession().messages).toHaveLength(0);
  });
});
