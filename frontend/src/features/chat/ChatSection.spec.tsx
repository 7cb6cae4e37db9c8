import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { ChatSection } from './ChatSection';
import { ensureChatSessionFor, resetChatSession, updateChatSession } from '../../state/chat-session';

let calls: ReturnType<typeof routeFetch>['calls'];

function renderChat(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch({
    'GET /api/reminders': { body: [] },
    'GET /api/memories': { body: [] },
    ...routes,
  });
  calls = fake.calls;
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
}

async function send(text: string) {
  const box = screen.getByRole('textbox', { name: 'Message Jarvis' });
  await userEvent.type(box, `${text}{Enter}`);
}

beforeEach(() => {
  resetChatSession();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatSection', () => {
  it('starts fresh and loads stored messages only when asked', async () => {
    renderChat({
      'GET /api/chat/messages': {
        body: [{ id: 's1', role: 'user', content: 'an older question', created_at: '2025-07-01T12:00:00Z' }],
      },
    });
    expect(screen.getByText('Fresh chat started!')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/chat/messages')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Load previous messages' }));
    expect(await screen.findByText('an older question')).toBeInTheDocument();
  });

  it('sends the message, shows the reply with its action, and runs the action', async () => {
    renderChat({
      'POST /api/chat': {
        body: {
          reply: 'I can set a reminder: **call mom**.\n\nClick a button below to continue.',
          actions: [{ type: 'create_reminder', args: { title: 'call mom', when: 'tomorrow at 5pm' } }],
          userMessageId: 'u-1',
          assistantMessageId: 'a-1',
        },
      },
      'POST /api/reminders': { status: 201, body: { id: 'r1', title: 'call mom' } },
      'PUT /api/chat/messages/a-1/actions/0': { body: { success: true } },
    });
    await send('remind me to call mom tomorrow at 5pm');
    const action = await screen.findByRole('button', { name: 'Create Reminder: call mom' });
    expect(calls.find((c) => c.path === '/api/chat')?.body).toEqual({
      message: 'remind me to call mom tomorrow at 5pm',
      history: [],
    });
    expect(await screen.findByText('call mom', { selector: 'strong' })).toBeInTheDocument();
    // The hint appears once, from the buttons, not twice.
    expect(screen.getAllByText(/Click a button below to continue/)).toHaveLength(1);
    await userEvent.click(action);
    expect(await screen.findByText('Reminder Created')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Reminder: call mom' })).toBeDisabled();
    expect(calls.find((c) => c.path === '/api/reminders' && c.method === 'POST')?.body).toEqual({
      title: 'call mom',
      when: 'tomorrow at 5pm',
    });
    // The outcome is stored with the message, for 'Load previous messages'.
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/chat/messages/a-1/actions/0',
        body: { executed: true },
      }),
    );
  });

  it('stores a failed action as executed false', async () => {
    renderChat({
      'POST /api/chat': {
        body: {
          reply: 'Shall I?',
          actions: [{ type: 'create_reminder', args: { title: 'call mom' } }],
          userMessageId: 'u-1',
          assistantMessageId: 'a-1',
        },
      },
      'POST /api/reminders': { status: 500, body: { error: 'Calendar is down', code: 'INTERNAL' } },
      'PUT /api/chat/messages/a-1/actions/0': { body: { success: true } },
    });
    await send('remind me');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Reminder: call mom' }));
    expect(await screen.findByText('Action failed - click to retry')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ executed: false }));
  });

  it('shows loaded actions done, failed and pending exactly as fresh ones', async () => {
    const actions = [
      { type: 'create_reminder', args: { title: 'done one' }, executed: true },
      { type: 'create_reminder', args: { title: 'failed one' }, executed: false },
      { type: 'create_reminder', args: { title: 'open one' } },
    ];
    renderChat({
      'GET /api/chat/messages': {
        body: [
          { id: 's1', role: 'assistant', content: 'Earlier', created_at: '2025-07-01T12:00:00Z', actions },
        ],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load previous messages' }));
    const done = await screen.findByRole('button', { name: 'Create Reminder: done one' });
    expect(done).toHaveAttribute('data-status', 'executed');
    expect(done).toBeDisabled();
    const failed = screen.getByRole('button', {
      name: 'Create Reminder: failed one (Action failed - click to retry)',
    });
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(failed).toBeEnabled();
    const open = screen.getByRole('button', { name: 'Create Reminder: open one' });
    expect(open).toHaveAttribute('data-status', 'pending');
    expect(open).toBeEnabled();
    // The hint shows while an action is still open.
    expect(screen.getByText('Click a button below to continue')).toBeInTheDocument();
  });

  it('sends only the last 10 messages as history', async () => {
    ensureChatSessionFor(testUser.id);
    updateChatSession({
      messages: Array.from({ length: 12 }, (_, i) => ({
        id: `m${i}`,
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        content: `message ${i}`,
        created_at: '2025-07-01T12:00:00Z',
      })),
    });
    renderChat({
      'POST /api/chat': { body: { reply: 'ok', actions: [], userMessageId: 'u', assistantMessageId: 'a' } },
    });
    await send('next');
    await screen.findByText('ok');
    const history = (calls.find((c) => c.path === '/api/chat')?.body as { history: { id: string }[] })
      .history;
    expect(history.map((h) => h.id)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
  });

  it('on failure shows the Chat Error toast and an assistant message with the error marker', async () => {
    renderChat({
      'POST /api/chat': { status: 500, body: { error: 'The chat service failed.', code: 'INTERNAL' } },
    });
    await send('hello');
    expect(await screen.findByText('Chat Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to send message. Please try again.')).toBeInTheDocument();
    const assistant = screen.getAllByTestId('message').find((m) => m.dataset.role === 'assistant');
    expect(assistant).toBeDefined();
    expect(within(assistant!).getByText(/^⚠️/)).toBeInTheDocument();
    expect(screen.getByTestId('mood-indicator')).toHaveAttribute('data-mood', 'error');
  });

  it('over the daily quota says so, when it resets and that a plan has more, in the toast and the message', async () => {
    renderChat({
      'POST /api/chat': {
        status: 429,
        body: {
          error: 'Daily limit reached for chat messages: the Free plan includes 50 messages a day.',
          code: 'QUOTA_EXCEEDED',
          kind: 'chat_messages',
          limit: 50,
          resetsAt: '2026-01-15T05:00:00.000Z',
          requiresUpgrade: true,
        },
      },
    });
    await send('hello');
    expect(await screen.findByText('Daily limit reached')).toBeInTheDocument();
    const text =
      'Daily limit reached for chat messages: the Free plan includes 50 messages a day. It resets at 12:00 AM ET. Upgrade your plan for more.';
    const assistant = screen.getAllByTestId('message').find((m) => m.dataset.role === 'assistant');
    expect(assistant).toHaveTextContent(text);
    expect(screen.queryByText('Chat Error')).not.toBeInTheDocument();
  });

  it('says there is nothing to save before the first message', async () => {
    renderChat({});
    await userEvent.click(screen.getByRole('button', { name: 'Save conversation' }));
    expect(await screen.findByText('No messages to save')).toBeInTheDocument();
    expect(screen.getByText('Start a conversation before saving.')).toBeInTheDocument();
  });
});
