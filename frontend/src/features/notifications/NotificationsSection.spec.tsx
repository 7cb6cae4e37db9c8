import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { NotificationsSection } from './NotificationsSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

function testNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    type: 'urgent_message',
    title: 'Urgent phone message',
    message: 'A caller left you an urgent message.',
    read: false,
    created_at: '2025-11-22T22:07:00.000Z',
    ...overrides,
  };
}

const urgent = testNotification();
const call = testNotification({
  id: '00000000-0000-4000-8000-00000000e002',
  type: 'phone_call',
  title: 'New phone message',
  message: 'A caller left you a message.',
  created_at: '2025-07-04T13:05:00.000Z',
});
const chat = testNotification({
  id: '00000000-0000-4000-8000-00000000e003',
  type: 'chat_message',
  title: 'New chat message',
  message: 'Jarvis has an answer for you.',
  read: true,
});
const reminder = testNotification({
  id: '00000000-0000-4000-8000-00000000e004',
  type: 'reminder',
  title: 'Reminder',
  message: 'call mom',
  read: true,
});

/** A fake inbox whose list follows the writes, like the service; `fail` makes the named write answer 500. */
function fakeInbox(initial: Notification[], { fail }: { fail?: 'read' | 'all' | 'delete' } = {}) {
  let list = initial.map((n) => ({ ...n }));
  const broken = { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
  const routes = {
    'GET /api/notifications': () => ({ body: list }),
    ...Object.fromEntries(
      initial.flatMap((n) => [
        [
          `PUT /api/notifications/${n.id}/read`,
          () => {
            if (fail === 'read') return broken;
            list = list.map((m) => (m.id === n.id ? { ...m, read: true } : m));
            return { body: { ...n, read: true } };
          },
        ],
        [
          `DELETE /api/notifications/${n.id}`,
          () => {
            if (fail === 'delete') return broken;
            list = list.filter((m) => m.id !== n.id);
            return { body: { success: true } };
          },
        ],
      ]),
    ),
    'PUT /api/notifications/mark-all-read': () => {
      if (fail === 'all') return broken;
      const updated = list.filter((m) => !m.read).length;
      list = list.map((m) => ({ ...m, read: true }));
      return { body: { updated } };
    },
  };
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderSection() {
  return renderWithProviders(<NotificationsSection />, { user: testUser });
}

function row(title: string) {
  const found = screen
    .getAllByTestId('notification-row')
    .find((r) => within(r).queryByRole('heading', { name: title }));
  if (!found) throw new Error(`no row ${title}`);
  return found;
}

describe('NotificationsSection', () => {
  it('shows skeletons while the notifications load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { container } = renderSection();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
  });

  it("says 'No notifications' when the inbox is empty, with nothing to mark read", async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch(answer(api.notifications.list, [])).fetch));
    renderSection();
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('0 unread');
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
  });

  it('says the notifications could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch(failure(api.notifications.list, 500, { error: 'boom', code: 'INTERNAL' })).fetch),
    );
    renderSection();
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
  });

  it('lists each entry with its type badge, New York time and the unread count', async () => {
    fakeInbox([urgent, call, chat, reminder]);
    renderSection();
    expect(await screen.findAllByTestId('notification-row')).toHaveLength(4);
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');

    const badge = (title: string) => within(row(title)).getByTestId('notification-type');
    expect(badge('Urgent phone message')).toHaveTextContent('Urgent message');
    expect(badge('Urgent phone message')).toHaveClass('MuiChip-colorError', 'MuiChip-filled');
    expect(badge('New phone message')).toHaveClass('MuiChip-colorDefault', 'MuiChip-filled');
    expect(badge('New chat message')).toHaveClass('MuiChip-colorSecondary', 'MuiChip-filled');
    expect(badge('Reminder')).toHaveClass('MuiChip-outlined');

    expect(row('Urgent phone message')).toHaveTextContent('Sat, Nov 22, 5:07 PM ET');
    expect(row('New phone message')).toHaveTextContent('Fri, Jul 4, 9:05 AM ET');
    expect(row('Urgent phone message')).toHaveAttribute('data-read', 'false');
    expect(row('Reminder')).toHaveAttribute('data-read', 'true');
    // Only unread entries offer 'Mark as read'.
    expect(screen.getAllByRole('button', { name: /as read$/ })).toHaveLength(2);
  });

  it('marks one notification read', async () => {
    const fake = fakeInbox([urgent, call]);
    const user = userEvent.setup();
    renderSection();
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Mark “Urgent phone message” as read' }));

    await waitFor(() => expect(row('Urgent phone message')).toHaveAttribute('data-read', 'true'));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', path: `/api/notifications/${urgent.id}/read` }),
    );
    expect(row('New phone message')).toHaveAttribute('data-read', 'false');
  });

  it('marks all notifications read', async () => {
    const fake = fakeInbox([urgent, call, chat]);
    const user = userEvent.setup();
    renderSection();
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));

    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('0 unread'));
    for (const r of screen.getAllByTestId('notification-row')) expect(r).toHaveAttribute('data-read', 'true');
    expect(screen.queryByRole('button', { name: /as read$/ })).not.toBeInTheDocument();
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', path: '/api/notifications/mark-all-read' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled());
  });

  it("deletes a notification, and shows 'No notifications' after the last", async () => {
    const fake = fakeInbox([urgent]);
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Delete “Urgent phone message”' }));

    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/notifications/${urgent.id}` }),
    );
  });

  it('puts a notification back with a toast when its delete fails', async () => {
    fakeInbox([urgent, call], { fail: 'delete' });
    const user = userEvent.setup();
    renderSection();
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Delete “New phone message”' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to delete notification');
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(2));
  });

  it('shows a notification unread again with a toast when marking it read fails', async () => {
    fakeInbox([urgent], { fail: 'read' });
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Mark “Urgent phone message” as read' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to mark notification as read');
    await waitFor(() => expect(row('Urgent phone message')).toHaveAttribute('data-read', 'false'));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
  });

  it('keeps the unread entries with a toast when Mark All Read fails', async () => {
    fakeInbox([urgent, call], { fail: 'all' });
    const user = userEvent.setup();
    renderSection();
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to mark all notifications as read');
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread'));
  });
});
