import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ChatAction } from '@jarvis/contracts';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { CONTRACTS_URL } from '../contracts/contracts-url';
import {
  ensureChatSessionFor,
  getChatSession,
  resetChatSession,
  updateChatSession,
} from '../../state/chat-session';
import { type ChatController, useChat } from './use-chat';

let calls: ReturnType<typeof routeFetch>['calls'];

/** The chat's controller, with a stored reply 'a-1' that offers `action`. */
function chatWith(action: ChatAction): ChatController {
  const fake = routeFetch({ 'PUT /api/chat/messages/a-1/actions/0': { body: { success: true } } });
  calls = fake.calls;
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  ensureChatSessionFor(testUser.id);
  updateChatSession({
    messages: [
      {
        id: 'a-1',
        role: 'assistant',
        content: 'Here you go.',
        created_at: '2026-01-01T00:00:00Z',
        actions: [action],
      },
    ],
  });
  let controller: ChatController | undefined;
  function Chat() {
    controller = useChat(testUser.id);
    return null;
  }
  renderWithProviders(<Chat />, { user: testUser });
  return controller!;
}

const actionNow = () => getChatSession().messages[0].actions?.[0];

beforeEach(() => resetChatSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('actions that make no call', () => {
  it.each([
    ['create_notion_task', 'Notion Setup Required'],
    ['create_linear_issue', 'Linear Setup Required'],
  ] as const)('%s says setup is required and leaves the action open, not failed', async (type, title) => {
    const chat = chatWith({ type, args: { title: 'plan trip' } });
    await act(() => chat.runAction('a-1', 0));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent(title);
    expect(toast).not.toHaveAttribute('data-variant', 'destructive');
    expect(actionNow()?.executed).toBeUndefined();
    expect(getChatSession().runningAction).toBeNull();
    // Nothing was called: no integration, and no outcome stored.
    expect(calls).toEqual([]);
  });

  it('generate_contract opens the contracts document service in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const chat = chatWith({ type: 'generate_contract', args: {} });
    await act(() => chat.runAction('a-1', 0));
    expect(open).toHaveBeenCalledWith(CONTRACTS_URL, '_blank', 'noopener,noreferrer');
    expect(actionNow()?.executed).toBe(true);
    expect(await screen.findByTestId('toast')).not.toHaveTextContent(/not available/);
  });
});
