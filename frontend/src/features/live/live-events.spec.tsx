import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LIVE_KINDS } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { testQueryClient, testUser } from '../../test/render';
import { LIVE_EVENT_KINDS, LIVE_INVALIDATIONS } from './live-invalidation';
import { LiveEvents } from './LiveEvents';
import { LIVE_RETRY_FIRST_MS } from './use-live-events';

/** A stand-in EventSource the test drives. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener(kind: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(kind: string, data: unknown = {}) {
    this.listeners.get(kind)?.forEach((l) => l(new MessageEvent(kind, { data: JSON.stringify(data) })));
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

function renderLive(user: typeof testUser | null) {
  const client = testQueryClient(user);
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const view = render(
    <QueryClientProvider client={client}>
      <LiveEvents />
    </QueryClientProvider>,
  );
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { client, invalidate, invalidated, ...view };
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live event kinds', () => {
  it('knows every kind of the contracts, and each invalidates something', () => {
    expect([...LIVE_EVENT_KINDS].sort()).toEqual([...LIVE_KINDS].sort());
    for (const kind of LIVE_KINDS) expect(LIVE_INVALIDATIONS[kind].length).toBeGreaterThan(0);
  });

  it('maps each kind to the queries of its lists and badges', () => {
    expect(LIVE_INVALIDATIONS.reminders).toEqual([queryKeyOf(api.calendar.reminders)]);
    expect(LIVE_INVALIDATIONS.notifications).toEqual([queryKeyOf(api.notifications.list)]);
    expect(LIVE_INVALIDATIONS['phone-messages']).toEqual([queryKeyOf(api.telephony.phoneMessages)]);
    expect(LIVE_INVALIDATIONS['call-queue']).toEqual([queryKeyOf(api.telephony.callQueue)]);
    expect(LIVE_INVALIDATIONS.badges).toEqual([
      queryKeyOf(api.calendar.reminders),
      queryKeyOf(api.notifications.list),
      queryKeyOf(api.telephony.phoneMessages),
      queryKeyOf(api.telephony.callQueue),
    ]);
  });
});

describe('the live stream', () => {
  it('is not opened for a visitor', () => {
    renderLive(null);
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('opens once after sign-in, with credentials, and refetches what an event names', () => {
    const { invalidated } = renderLive(testUser);
    expect(FakeEventSource.all).toHaveLength(1);
    const [source] = FakeEventSource.all;
    expect(source.url).toBe('/api/live');
    expect(source.init).toEqual({ withCredentials: true });
    source.open();
    act(() => source.emit('reminders', { id: 'r1' }));
    expect(invalidated()).toEqual([queryKeyOf(api.calendar.reminders)]);
    act(() => source.emit('call-queue'));
    expect(invalidated()).toEqual([queryKeyOf(api.calendar.reminders), queryKeyOf(api.telephony.callQueue)]);
  });

  it('closes at logout, opens again at the next sign-in, and closes when the app goes away', async () => {
    const { client, unmount } = renderLive(testUser);
    const [first] = FakeEventSource.all;
    act(() => client.setQueryData(queryKeyOf(api.identity.currentUser), null));
    await waitFor(() => expect(first.readyState).toBe(FakeEventSource.CLOSED));
    act(() => client.setQueryData(queryKeyOf(api.identity.currentUser), { ...testUser, id: 'u2' }));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(FakeEventSource.all[1].readyState).not.toBe(FakeEventSource.CLOSED);
    unmount();
    expect(FakeEventSource.all[1].readyState).toBe(FakeEventSource.CLOSED);
  });

  it('leaves reconnecting to EventSource, reopens a refused stream after a pause, and refetches after an outage', () => {
    vi.useFakeTimers();
    const { invalidated, unmount } = renderLive(testUser);
    const [first] = FakeEventSource.all;
    first.open();
    // A dropped connection: EventSource is reconnecting by itself; nothing to do.
    first.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS * 4);
    expect(FakeEventSource.all).toHaveLength(1);
    // Refused (closed for good): one new attempt after the pause, not before.
    first.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    act(() => FakeEventSource.all[1].open());
    expect(invalidated()).toEqual([
      queryKeyOf(api.calendar.reminders),
      queryKeyOf(api.notifications.list),
      queryKeyOf(api.telephony.phoneMessages),
      queryKeyOf(api.telephony.callQueue),
    ]);
    unmount();
    expect(FakeEventSource.all[1].readyState).toBe(FakeEventSource.CLOSED);
  });
});
