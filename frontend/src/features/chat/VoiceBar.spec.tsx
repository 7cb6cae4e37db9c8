import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch } from '../../test/render';
import { ChatInput } from './ChatInput';
import { ensureChatSessionFor, getChatSession, resetChatSession } from '../../state/chat-session';
import { cancelTalking } from '../voice/manual-recorder';
import { stubMicrophone } from '../voice/test-media';
import { setVoiceMode } from '../voice/voice-modes';
import { resetVoiceState } from '../voice/voice-store';

function setup() {
  const onSend = vi.fn(async () => true);
  renderWithProviders(
    <ChatInput sending={false} onSend={onSend} onNewChat={() => undefined} onSave={() => undefined} />,
  );
  return { onSend };
}

/** The TALK button: real from the first paint (its recorder loads with the first press). */
async function realTalkButton() {
  return screen.findByTestId('talk-button');
}

beforeEach(() => resetVoiceState());
afterEach(() => {
  cancelTalking();
  setVoiceMode(null);
  vi.unstubAllGlobals();
});

describe('images in the chat input', () => {
  beforeEach(() => {
    resetChatSession();
    ensureChatSessionFor('u1');
  });

  it('asks about an uploaded image with the typed text as its prompt', async () => {
    const fake = routeFetch(answer(api.voice.analyzeImage, { analysisText: 'A cat on a sofa.' }));
    vi.stubGlobal('fetch', fake.fetch);
    setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message Jarvis' }), 'What animal is this?');
    await realTalkButton();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('image-upload-input'), png);
    await waitFor(() =>
      expect(getChatSession().messages.map((m) => m.content)).toEqual([
        'What animal is this?',
        'A cat on a sofa.',
      ]),
    );
    expect(fake.calls.find((c) => c.path === '/api/vision/analyze')?.body).toMatchObject({
      prompt: 'What animal is this?',
      imageType: 'png',
    });
    expect(screen.getByRole('textbox', { name: 'Message Jarvis' })).toHaveValue('');
  });

  it('asks about an image pasted into the text box, and refuses other formats', async () => {
    const fake = routeFetch(answer(api.voice.analyzeImage, { analysisText: 'A chart.' }));
    vi.stubGlobal('fetch', fake.fetch);
    setup();
    await realTalkButton();
    const box = screen.getByRole('textbox', { name: 'Message Jarvis' });
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    fireEvent.paste(box, { clipboardData: { files: [gif] } });
    expect(await screen.findByText('Invalid Image')).toBeInTheDocument();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
    fireEvent.paste(box, { clipboardData: { files: [png] } });
    await waitFor(() => expect(getChatSession().messages.at(-1)?.content).toBe('A chart.'));
    expect(fake.calls.filter((c) => c.path === '/api/vision/analyze')).toHaveLength(1);
  });
});

describe('TALK in the chat input', () => {
  it('records with a seconds counter, transcribes on STOP and sends the words', async () => {
    stubMicrophone();
    const fake = routeFetch(answer(api.voice.transcribe, { text: 'what is the weather' }));
    vi.stubGlobal('fetch', fake.fetch);
    const { onSend } = setup();
    const user = userEvent.setup();
    await user.click(await realTalkButton());
    const stop = await screen.findByRole('button', { name: /^Stop recording/ });
    expect(stop).toHaveTextContent(/STOP \ds/);
    expect(await screen.findByTestId('voice-status')).toHaveTextContent(/Recording\.\.\. \ds/);
    await user.click(stop);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('what is the weather'));
    const sent = fake.calls.find((c) => c.path === '/api/transcribe');
    expect(sent?.body).toEqual({ audioBase64: btoa('voice'), mimeType: 'audio/webm;codecs=opus' });
    expect(await screen.findByRole('button', { name: 'Talk' })).toHaveTextContent('TALK');
  });

  it('records from the very first press, before any voice code has loaded, and only once', async () => {
    const { getUserMedia } = stubMicrophone();
    setup();
    const talk = screen.getByTestId('talk-button');
    fireEvent.click(talk);
    expect(await screen.findByRole('button', { name: /^Stop recording/ })).toHaveTextContent(/STOP \ds/);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it("shows 'Microphone Error' when the microphone is refused", async () => {
    stubMicrophone({ deny: true });
    setup();
    // The first press, before any voice code has loaded, is carried out.
    fireEvent.click(screen.getByRole('button', { name: 'Talk' }));
    expect(await screen.findByText('Microphone Error')).toBeInTheDocument();
    expect(screen.getByText('Could not access microphone. Please check permissions.')).toBeInTheDocument();
  });

  it("shows 'Transcription Failed' when the audio cannot be transcribed", async () => {
    stubMicrophone();
    vi.stubGlobal(
      'fetch',
      routeFetch(failure(api.voice.transcribe, 503, { error: 'OPENAI_API_KEY is not set', code: 'X' })).fetch,
    );
    const { onSend } = setup();
    const user = userEvent.setup();
    await user.click(await realTalkButton());
    await user.click(await screen.findByRole('button', { name: /^Stop recording/ }));
    expect(await screen.findByText('Transcription Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not transcribe audio. Please try again.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('is disabled while Hey Jarvis is on', async () => {
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        start() {}
        abort() {}
      },
    );
    setup();
    const user = userEvent.setup();
    await realTalkButton();
    await user.click(screen.getByText('Hey Jarvis OFF'));
    expect(await screen.findByText('Hey Jarvis ON')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Talk' })).toBeDisabled();
    expect(screen.getByTestId('voice-status')).toHaveTextContent('Listening for "Hey Jarvis"...');
  });

  it("turns 'Always' on at the first press with one recognition started", async () => {
    const started = vi.fn();
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        start = started;
        abort() {}
      },
    );
    setup();
    fireEvent.click(screen.getByTestId('continuous-toggle'));
    expect(await screen.findByText('Always ON')).toBeInTheDocument();
    expect(screen.getByTestId('voice-status')).toHaveTextContent('Listening...');
    expect(started).toHaveBeenCalledTimes(1);
  });

  it("says 'Speech Recognition Not Available' for Always ON in a browser without it", async () => {
    setup();
    await userEvent.click(screen.getByTestId('continuous-toggle'));
    expect(await screen.findByText('Speech Recognition Not Available')).toBeInTheDocument();
    expect(screen.getByText('Always OFF')).toBeInTheDocument();
  });
});
