import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ChatInput } from './ChatInput';

function setup(sending = false) {
  const onSend = vi.fn(async () => true);
  renderWithProviders(
    <ChatInput sending={sending} onSend={onSend} onNewChat={() => undefined} onSave={() => undefined} />,
  );
  return { onSend, box: screen.getByRole('textbox', { name: 'Message Jarvis' }) };
}

describe('ChatInput', () => {
  it('sends with Enter and adds a line with Shift+Enter', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('first line\nsecond line');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('never sends blank text', async () => {
    const { onSend, box } = setup();
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('hands over a message entered while a reply is on its way (it waits its turn) and clears the box', async () => {
    const { onSend, box } = setup(true);
    await userEvent.type(box, 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(box).toHaveValue('');
  });

  it('puts the text back when it could not be sent', async () => {
    const onSend = vi.fn(async () => false);
    renderWithProviders(
      <ChatInput sending={false} onSend={onSend} onNewChat={() => undefined} onSave={() => undefined} />,
    );
    const box = screen.getByRole('textbox', { name: 'Message Jarvis' });
    await userEvent.type(box, 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(box).toHaveValue('hello');
  });

  it('offers image, camera, TALK and the voice toggles, the images blocked while sending', () => {
    setup(true);
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Talk' })).toHaveTextContent('TALK');
    expect(screen.getByText('Hey Jarvis OFF')).toBeInTheDocument();
    expect(screen.getByText('Always OFF')).toBeInTheDocument();
  });
});
