import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@jarvis/contracts';
import { displayContent, isSendable, mergeStored, toHistory, type ChatViewMessage } from './chat-message';

const msg = (i: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  content: `message ${i}`,
  created_at: `2025-07-01T12:00:${String(i).padStart(2, '0')}Z`,
  ...extra,
});

describe('toHistory', () => {
  it('sends only the last 10 messages, oldest first, as {id, role, content, timestamp, actions}', () => {
    const messages = Array.from({ length: 14 }, (_, i) => msg(i));
    const history = toHistory(messages);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual({
      id: 'm4',
      role: 'user',
      content: 'message 4',
      timestamp: messages[4].created_at,
      actions: [],
    });
    expect(history[9].id).toBe('m13');
  });

  it('keeps the actions of a message', () => {
    const action = { type: 'get_weather' as const, args: { location: 'Paris' } };
    expect(toHistory([msg(1, { actions: [action] })])[0].actions).toEqual([action]);
  });

  it('sends everything when there are fewer than 10', () => {
    expect(toHistory([msg(0), msg(1)])).toHaveLength(2);
  });
});

describe('isSendable', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['\n\t ', false],
    ['hi', true],
    ['  hi  ', true],
  ])('%j -> %s', (text, expected) => {
    expect(isSendable(text)).toBe(expected);
  });
});

describe('displayContent', () => {
  it('drops the trailing action hint when the message has actions', () => {
    const content = 'I can set a reminder: **call mom**.\n\nClick a button below to continue.';
    expect(displayContent({ content, actions: [{ type: 'create_reminder', args: {} }] })).toBe(
      'I can set a reminder: **call mom**.',
    );
  });

  it('keeps the text of a message without actions as it is', () => {
    const content = 'Click a button below to continue.';
    expect(displayContent({ content })).toBe(content);
  });
});

describe('mergeStored', () => {
  it('takes the stored list and keeps local action states and cards by id', () => {
    const local: ChatViewMessage[] = [
      {
        ...msg(1),
        actions: [{ type: 'get_weather', args: {}, executed: true }],
        cards: [{ id: 'c', kind: 'music', context: '' }],
      },
    ];
    const stored = [msg(0), msg(1, { actions: [{ type: 'get_weather', args: {} }] })];
    const merged = mergeStored(local, stored);
    expect(merged.map((m) => m.id)).toEqual(['m0', 'm1']);
    expect(merged[1].actions?.[0].executed).toBe(true);
    expect(merged[1].cards).toHaveLength(1);
  });

  it('keeps local-only messages after the message they followed', () => {
    const failed: ChatViewMessage = {
      id: 'local-1',
      role: 'assistant',
      content: '⚠️ nope',
      created_at: '',
      localOnly: true,
    };
    const local: ChatViewMessage[] = [msg(0), failed, msg(2)];
    const merged = mergeStored(local, [msg(0), msg(2), msg(3)]);
    expect(merged.map((m) => m.id)).toEqual(['m0', 'local-1', 'm2', 'm3']);
  });
});
