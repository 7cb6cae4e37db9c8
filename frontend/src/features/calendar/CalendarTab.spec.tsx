import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarSyncStatus } from '../../api/calendar';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { CalendarSettingsPage } from './CalendarSettingsPage';
import { CalendarTab } from './CalendarTab';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function syncStatus(overrides: Partial<CalendarSyncStatus['settings']> = {}): CalendarSyncStatus {
  return {
    settings: {
      enabled: true,
      sync_reminders: true,
      reminder_minutes_before: 15,
      sync_calls: true,
      call_keywords: ['interview', 'dentist'],
      ...overrides,
    },
    lastSyncAt: null,
    recentSyncs: [
      {
        id: 's1',
        event_type: 'reminder',
        event_title: 'Team standup',
        event_start: '2025-11-24T14:00:00.000Z',
      },
      { id: 's2', event_type: 'call', event_title: 'Dentist', event_start: '2025-11-25T15:00:00.000Z' },
    ],
  };
}
const connected = answer(api.calendar.connectionStatus, { connected: true, email: 'ada@gmail.com' });

function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}
const posts = (fake: ReturnType<typeof routeFetch>, path: string) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

function renderTab() {
  return renderWithProviders(<CalendarTab />, { user: testUser });
}

describe('CalendarTab', () => {
  it('shows the page title and text of /calendar-settings with the panel', async () => {
    fakeApi(answer(api.calendar.connectionStatus, { connected: false, email: null }));
    renderWithProviders(<CalendarSettingsPage />, { user: testUser, route: '/calendar-settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar Sync Settings' })).toBeInTheDocument();
    expect(
      screen.getByText('Configure automatic syncing of Google Calendar events to reminders and phone calls'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
  });

  it('offers to connect when not connected, and never asks for the sync status', async () => {
    const fake = fakeApi(answer(api.calendar.connectionStatus, { connected: false, email: null }));
    renderTab();
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-sync-card')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/api/calendar/sync-status')).toBe(false);
  });

  it('opens a 600x700 popup, polls every 5 s while it is open and checks again once it closes', async () => {
    let isConnected = false;
    const fake = fakeApi({
      'GET /api/calendar/connection-status': () => ({
        body: { connected: isConnected, email: isConnected ? 'ada@gmail.com' : null },
      }),
      ...answer(api.calendar.syncStatus, syncStatus()),
    });
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as Window);
    renderTab();
    const connect = await screen.findByRole('button', { name: 'Connect Google Calendar' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connect.click();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0];
    expect(url).toBe('/api/calendar/connect');
    expect(name).toBe('jarvis-google-calendar');
    expect(features).toContain('width=600');
    expect(features).toContain('height=700');
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeDisabled();

    const statusCalls = () => fake.calls.filter((c) => c.path === '/api/calendar/connection-status').length;
    const before = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(statusCalls()).toBe(before + 1);

    isConnected = true;
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(await screen.findByTestId('calendar-sync-card')).toBeInTheDocument();
    const afterClose = statusCalls();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(statusCalls()).toBe(afterClose);
  });

  it("reads the status at once when the callback page posts 'calendar-connection'", async () => {
    let isConnected = false;
    fakeApi({
      'GET /api/calendar/connection-status': () => ({
        body: { connected: isConnected, email: isConnected ? 'ada@gmail.com' : null },
      }),
      ...answer(api.calendar.syncStatus, syncStatus()),
    });
    renderTab();
    await screen.findByRole('button', { name: 'Connect Google Calendar' });
    isConnected = true;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'calendar-connection', connected: true },
        origin: window.location.origin,
      }),
    );
    expect(await screen.findByTestId('calendar-sync-card')).toBeInTheDocument();
  });

  it('says so when the popup is blocked', async () => {
    fakeApi(answer(api.calendar.connectionStatus, { connected: false, email: null }));
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Allow pop-ups');
  });

  it('shows who is connected and the stored settings, polling the sync status every 10 s', async () => {
    const fake = fakeApi({ ...connected, ...answer(api.calendar.syncStatus, syncStatus()) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTab();
    expect(await screen.findByTestId('calendar-email')).toHaveTextContent('ada@gmail.com');
    const card = await screen.findByTestId('calendar-sync-card');
    expect(within(card).getByRole('switch', { name: 'Enable calendar sync' })).toBeChecked();
    expect(within(card).getByRole('spinbutton', { name: 'Minutes before event' })).toHaveValue(15);
    expect(within(card).getByRole('textbox', { name: 'Call keywords' })).toHaveValue('interview, dentist');
    expect(within(card).getByText('Not synced yet', { exact: false })).toBeInTheDocument();
    expect(within(card).getAllByTestId('synced-event')).toHaveLength(2);

    const syncGets = () => fake.calls.filter((c) => c.path === '/api/calendar/sync-status').length;
    const before = syncGets();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(syncGets()).toBe(before + 1);
  });

  it('disables the sync switches and fields while sync is off, and turns it on with a partial save', async () => {
    const fake = fakeApi({
      ...connected,
      ...answer(api.calendar.syncStatus, syncStatus({ enabled: false })),
      ...answer(api.calendar.syncSettings, syncStatus({ enabled: true }).settings),
    });
    const user = userEvent.setup();
    renderTab();
    const card = await screen.findByTestId('calendar-sync-card');
    expect(within(card).getByRole('switch', { name: 'Create reminders from events' })).toBeDisabled();
    expect(within(card).getByRole('switch', { name: 'Call me for matching events' })).toBeDisabled();
    expect(within(card).getByRole('spinbutton', { name: 'Minutes before event' })).toBeDisabled();
    expect(within(card).getByRole('textbox', { name: 'Call keywords' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Sync Now' })).toBeDisabled();

    await user.click(within(card).getByRole('switch', { name: 'Enable calendar sync' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(posts(fake, '/api/calendar/sync-settings')).toEqual([{ enabled: true }]);
    expect(within(card).getByRole('switch', { name: 'Create reminders from events' })).toBeEnabled();
  });

  it('saves blank minutes as 15, out-of-range as 15, and keywords trimmed without empties', async () => {
    let settings = syncStatus({ reminder_minutes_before: 30 }).settings;
    const fake = fakeApi({
      ...connected,
      'GET /api/calendar/sync-status': () => ({ body: { ...syncStatus(), settings } }),
      'POST /api/calendar/sync-settings': () => ({ body: settings }),
    });
    const user = userEvent.setup();
    renderTab();
    const card = await screen.findByTestId('calendar-sync-card');
    const minutes = within(card).getByRole('spinbutton', { name: 'Minutes before event' });
    expect(minutes).toHaveValue(30);
    settings = { ...settings, reminder_minutes_before: 15 };
    await user.clear(minutes);
    await user.tab();
    await waitFor(() =>
      expect(posts(fake, '/api/calendar/sync-settings')).toEqual([{ reminder_minutes_before: 15 }]),
    );

    settings = { ...settings, call_keywords: ['interview', 'flight'] };
    const keywords = within(screen.getByTestId('calendar-sync-card')).getByRole('textbox', {
      name: 'Call keywords',
    });
    await user.clear(keywords);
    await user.type(keywords, ' interview , , flight ,{Enter}');
    await waitFor(() =>
      expect(posts(fake, '/api/calendar/sync-settings')).toEqual([
        { reminder_minutes_before: 15 },
        { call_keywords: ['interview', 'flight'] },
      ]),
    );
    expect(
      within(screen.getByTestId('calendar-sync-card')).getByRole('textbox', { name: 'Call keywords' }),
    ).toHaveValue('interview, flight');
  });

  it("says 'Failed to update settings' and puts the stored values back", async () => {
    const fake = fakeApi({
      ...connected,
      ...answer(api.calendar.syncStatus, syncStatus({ reminder_minutes_before: 30 })),
      ...failure(api.calendar.syncSettings, 500, { error: 'boom', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    renderTab();
    const minutes = within(await screen.findByTestId('calendar-sync-card')).getByRole('spinbutton', {
      name: 'Minutes before event',
    });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.tab();
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('calendar-sync-card')).getByRole('spinbutton', {
          name: 'Minutes before event',
        }),
      ).toHaveValue(30),
    );
    expect(posts(fake, '/api/calendar/sync-settings')).toEqual([{ reminder_minutes_before: 45 }]);
  });

  it("syncs now with 'Sync Complete' and the counts, or 'Sync Failed' with the server's message", async () => {
    let fail = false;
    fakeApi({
      ...connected,
      ...answer(api.calendar.syncStatus, syncStatus()),
      'POST /api/calendar/sync': () =>
        fail
          ? {
              status: 401,
              body: { error: 'Google Calendar connection expired', code: 'CALENDAR_CONNECTION_EXPIRED' },
            }
          : { body: { syncedReminders: 3, syncedCalls: 1 } },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Sync Now' }));
    let toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Sync Complete');
    expect(toast).toHaveTextContent('Synced 3 reminders and 1 calls');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Sync Now' }));
    await waitFor(() => expect(screen.getByText('Sync Failed')).toBeInTheDocument());
    toast = screen.getByText('Sync Failed').closest('[data-testid="toast"]') as HTMLElement;
    expect(toast).toHaveTextContent('Google Calendar connection expired');
  });

  it('removes a synced event', async () => {
    let status = syncStatus();
    const fake = fakeApi({
      ...connected,
      'GET /api/calendar/sync-status': () => ({ body: status }),
      ...answer(api.calendar.deleteSyncedEvent, { success: true }, { params: { id: 's1' } }),
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByTestId('calendar-sync-card');
    status = { ...status, recentSyncs: status.recentSyncs.slice(1) };
    await user.click(screen.getByRole('button', { name: 'Remove Team standup' }));
    expect(await screen.findByText('Event Removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('synced-event')).toHaveLength(1));
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/api/calendar/synced-event/s1')).toBe(
      true,
    );
  });

  it("says 'Failed to remove synced event' when the removal fails", async () => {
    fakeApi({
      ...connected,
      ...answer(api.calendar.syncStatus, syncStatus()),
      'DELETE /api/calendar/synced-event/s2': { status: 500 },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove Dentist' }));
    expect(await screen.findByText('Failed to remove synced event')).toBeInTheDocument();
  });

  it('shows the expired connection with Reconnect, without retrying', async () => {
    const fake = fakeApi({
      ...connected,
      ...failure(api.calendar.syncStatus, 401, {
        error: 'Google Calendar connection expired',
        code: 'CALENDAR_CONNECTION_EXPIRED',
      }),
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ closed: false }) as Window);
    const user = userEvent.setup();
    renderTab();
    const notice = await screen.findByTestId('calendar-expired');
    expect(notice).toHaveTextContent('Google Calendar connection expired');
    expect(fake.calls.filter((c) => c.path === '/api/calendar/sync-status')).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: 'Reconnect' }));
    expect(open).toHaveBeenCalledWith('/api/calendar/connect', 'jarvis-google-calendar', expect.any(String));
  });

  it("disconnects with 'Calendar Disconnected', or says 'Failed to disconnect Google Calendar'", async () => {
    let isConnected = true;
    let fail = true;
    fakeApi({
      'GET /api/calendar/connection-status': () => ({
        body: { connected: isConnected, email: isConnected ? 'ada@gmail.com' : null },
      }),
      ...answer(api.calendar.syncStatus, syncStatus()),
      'POST /api/calendar/disconnect': () => (fail ? { status: 500 } : { body: { success: true } }),
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByTestId('calendar-sync-card');
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Failed to disconnect Google Calendar')).toBeInTheDocument();

    fail = false;
    isConnected = false;
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Calendar Disconnected')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-sync-card')).not.toBeInTheDocument();
  });
});
