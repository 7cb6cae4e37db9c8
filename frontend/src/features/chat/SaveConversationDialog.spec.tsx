import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { SaveConversationDialog } from './SaveConversationDialog';

const IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeApi(routes = {}) {
  const fake = routeFetch({
    ...answer(api.chat.saveConversation, {
      id: '00000000-0000-4000-8000-0000000000c1',
      title: 'Trip plans',
      description: null,
      created_at: '2026-11-25T10:00:00.000Z',
      messageIds: IDS,
      isPublic: false,
      shareToken: null,
    }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const saves = (fake: ReturnType<typeof routeFetch>) =>
  fake.calls.filter((call) => call.method === 'POST' && call.path === api.chat.saveConversation.path);

describe('Save conversation (doc2 §8)', () => {
  it('asks for a title in a toast and sends nothing without one', async () => {
    const fake = fakeApi();
    const user = userEvent.setup();
    renderWithProviders(<SaveConversationDialog open messageIds={IDS} onClose={vi.fn()} />, {
      user: testUser,
    });
    const dialog = screen.getByRole('dialog', { name: 'Save conversation' });
    expect(dialog).toHaveTextContent('Keep these 2 messages to reopen or share later.');
    await user.type(within(dialog).getByLabelText('Title'), ' ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const missing = await screen.findByTestId('toast');
    expect(missing).toHaveTextContent('Title required');
    expect(missing).toHaveTextContent('Please enter a title for your conversation.');
    expect(saves(fake)).toHaveLength(0);
  });

  it("saves the title, the description and the chat's messages", async () => {
    const fake = fakeApi();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SaveConversationDialog open messageIds={IDS} onClose={onClose} />, {
      user: testUser,
    });
    const dialog = screen.getByRole('dialog', { name: 'Save conversation' });
    await user.type(within(dialog).getByLabelText('Title'), 'Trip ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Hotels');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(fake).map((call) => call.body)).toEqual([
      { title: 'Trip', description: 'Hotels', messageIds: IDS },
    ]);
    expect(screen.getByText('“Trip” is in your saved conversations.')).toBeInTheDocument();
  });

  it("keeps the dialog and what was typed when the save fails, with the server's words", async () => {
    fakeApi(
      failure(api.chat.saveConversation, 400, { error: 'Too many saved conversations', code: 'VALIDATION' }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SaveConversationDialog open messageIds={IDS} onClose={onClose} />, {
      user: testUser,
    });
    const dialog = screen.getByRole('dialog', { name: 'Save conversation' });
    await user.type(within(dialog).getByLabelText('Title'), 'Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to save conversation');
    expect(toast).toHaveTextContent('Too many saved conversations');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Trip');
  });
});
