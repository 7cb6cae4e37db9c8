import { describe, expect, it } from 'vitest';
import { countQueuedCalls } from '../outbound-calls/use-call-queue';
import { countUnreadNotifications } from '../notifications/use-notifications';
import { countNewPhoneMessages } from '../phone/use-phone-messages';
import { countOpenReminders } from '../reminders/use-reminders';
import { acceptWhisper, whisperTypeOf } from '../chat/use-whispers';
import { displayNameOf, initialsOf } from '../auth/user-display';

describe('badge counts', () => {
  it('counts phone messages with status new', () => {
    expect(countNewPhoneMessages([{ status: 'new' }, { status: 'read' }, { status: 'new' }])).toBe(2);
  });
  it('reads totalQueued of the call queue', () => {
    expect(countQueuedCalls({ queue: [], totalQueued: 3, isProcessing: false })).toBe(3);
  });
  it('counts unread notifications and reminders not done', () => {
    expect(countUnreadNotifications([{ read: false }, { read: true }])).toBe(1);
    expect(countOpenReminders([{ done: false }, { done: true }, { done: false }])).toBe(2);
  });
  it('shows no badge for a missing or unexpected answer', () => {
    for (const body of [null, undefined, { error: 'x' }, 'oops']) {
      expect(countNewPhoneMessages(body)).toBe(0);
      expect(countQueuedCalls(body)).toBe(0);
      expect(countUnreadNotifications(body)).toBe(0);
      expect(countOpenReminders(body)).toBe(0);
    }
  });
});

describe('whispers', () => {
  it('treats an unknown type as planning', () => {
    expect(whisperTypeOf('bills')).toBe('bills');
    expect(whisperTypeOf('weather')).toBe('planning');
  });
  it('raises addChatMessage when there is no accept handler', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('addChatMessage', listener);
    acceptWhisper('Plan my week');
    window.removeEventListener('addChatMessage', listener);
    expect(seen).toEqual([{ text: 'Plan my week', sender: 'user' }]);
  });
  it('gives the text to the handler instead when there is one', () => {
    const seen: unknown[] = [];
    const listener = () => seen.push('event');
    window.addEventListener('addChatMessage', listener);
    acceptWhisper('Plan my week', (text) => seen.push(text));
    window.removeEventListener('addChatMessage', listener);
    expect(seen).toEqual(['Plan my week']);
  });
});

describe('user display', () => {
  const base = { firstName: null, lastName: null, username: null, email: null };
  it('shows the name, else the username, else the e-mail', () => {
    expect(displayNameOf({ ...base, firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe(
      'Ada Lovelace',
    );
    expect(displayNameOf({ ...base, username: 'ada', email: 'a@x' })).toBe('ada');
    expect(displayNameOf({ ...base, email: 'a@x' })).toBe('a@x');
  });
  it('builds initials for the avatar', () => {
    expect(initialsOf({ ...base, firstName: 'Ada', lastName: 'Lovelace' })).toBe('AL');
    expect(initialsOf({ ...base, email: 'zed@x' })).toBe('ZE');
  });
});
