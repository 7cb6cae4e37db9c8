import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testUser } from '../../test/render';
import type { LiveVoiceCallbacks } from '../live-voice/live-voice-session';
import { forgetLiveVoiceStatus } from '../live-voice/live-voice-status';
import { OrbPage } from './OrbPage';

/** The live session the orb opens, played by the test (the real one needs a microphone and a server). */
const live = vi.hoisted(() => ({
  callbacks: null as LiveVoiceCallbacks | null,
  opened: 0,
  stopped: 0,
  /** How start() ends: true (ready) or a refusal before it was ready (the turn-by-turn loop takes over). */
  refused: false,
}));
vi.mock('../live-voice/live-voice', () => ({
  openLiveVoice: (callbacks: LiveVoiceCallbacks) => {
    live.callbacks = callbacks;
    live.opened += 1;
    return {
      start: async () => {
        callbacks.onState('connecting');
        if (live.refused) {
          callbacks.onEnd({ code: 1006, fallback: true });
          return false;
        }
        callbacks.onState('listening');
        return true;
      },
      stop: () => {
        live.stopped += 1;
        callbacks.onEnd({ code: 1000, fallback: false });
      },
    };
  },
}));

/** GET /api/voice/live/status says live voice is on; every path asked is recorded. */
function liveVoiceOn() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    asked.push(path);
    if (path === '/api/voice/live/status')
      return new Response(JSON.stringify({ available: true }), { status: 200 });
    return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
  });
  return asked;
}

const status = () => screen.getByTestId('orb-status');
const transcript = () => screen.getByRole('log', { name: 'Transcript' });

beforeEach(() => {
  forgetLiveVoiceStatus();
  Object.assign(live, { callbacks: null, opened: 0, stopped: 0, refused: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Voice Orb over live voice', () => {
  it('talks live when the server offers it: the stream drives the orb and the transcript, Stop ends it', async () => {
    liveVoiceOn();
    renderWithProviders(<OrbPage />, { user: testUser, route: '/orb' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Voice Chat' }));
    await vi.waitFor(() => expect(status()).toHaveAttribute('data-phase', 'listening'));
    expect(status()).toHaveTextContent('Listening... speak now');
    expect(screen.getByRole('button', { name: 'Stop Listening' })).toBeVisible();
    const session = live.callbacks!;
    act(() => {
      session.onState('thinking');
      session.onUserText('u1', 'Tell me a story');
      session.onState('speaking');
      session.onReplyText('r1', 'Once upon a time there was a fox.');
    });
    expect(status()).toHaveTextContent('Jarvis is speaking...');
    act(() =>
      session.onStored({
        type: 'stored',
        userItemId: 'u1',
        replyItemId: 'r1',
        transcript: 'Tell me a story',
        reply: 'Once upon a…',
        userMessageId: 'm1',
        assistantMessageId: 'm2',
        interrupted: true,
      }),
    );
    const lines = within(transcript())
      .getAllByText(/./, { selector: 'p' })
      .map((p) => p.textContent);
    expect(lines).toEqual(['Tell me a story', 'Once upon a…']);
    expect(transcript().querySelector('[data-role="assistant"]')).toHaveAttribute('data-interrupted', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Stop Listening' }));
    expect(live.stopped).toBe(1);
    expect(status()).toHaveTextContent('Click "Start Voice Chat" to begin');
    expect(screen.getByRole('button', { name: 'Start Voice Chat' })).toBeVisible();
    // The next Start opens a new session.
    await userEvent.click(screen.getByRole('button', { name: 'Start Voice Chat' }));
    await vi.waitFor(() => expect(live.opened).toBe(2));
  });

  it('goes turn by turn when the live stream is refused (the model cannot be reached)', async () => {
    liveVoiceOn();
    live.refused = true;
    // The turn-by-turn loop asks for the microphone itself: refused here, so it says so in its own words.
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    renderWithProviders(<OrbPage />, { user: testUser, route: '/orb' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Voice Chat' }));
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(live.opened).toBe(1);
    await vi.waitFor(() =>
      expect(status()).toHaveTextContent(
        'Microphone access is needed for voice chat. Please check permissions.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Start Voice Chat' })).toBeVisible();
  });

  it('closes the live conversation when the page is left', async () => {
    liveVoiceOn();
    const page = renderWithProviders(<OrbPage />, { user: testUser, route: '/orb' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Voice Chat' }));
    await vi.waitFor(() => expect(status()).toHaveAttribute('data-phase', 'listening'));
    page.unmount();
    expect(live.stopped).toBe(1);
  });
});
