import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@jarvis/contracts';
import { api } from '../../api/routes';
import type { VoiceCloningStatus } from '../../api/voice';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { VoiceCloningPanel } from './VoiceCloningPanel';

const premiumUser: User = { ...testUser, subscriptionTier: 'premium' };

const noVoice: VoiceCloningStatus = {
  elevenLabsVoiceId: null,
  voiceCloningStatus: null,
  voiceCloningEnabled: false,
};
const cloned: VoiceCloningStatus = {
  elevenLabsVoiceId: 'voice-1',
  voiceCloningStatus: 'completed',
  voiceCloningEnabled: false,
};

/** A MediaRecorder that hands over one small webm chunk when stopped. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();
const getUserMedia = vi.fn();

function stubMicrophone({ recorder = true }: { recorder?: boolean } = {}) {
  if (recorder) vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

/** The fake API plus the multipart bodies sent (routeFetch reads JSON bodies only). */
function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  const uploads: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (init.body instanceof FormData) {
        uploads.push(init.body);
        return fake.fetch(input, { ...init, body: undefined });
      }
      return fake.fetch(input, init);
    }),
  );
  return { ...fake, uploads };
}

function renderPanel(user: User = premiumUser) {
  return renderWithProviders(<VoiceCloningPanel />, { user });
}

/** Records `count` samples through the buttons, after the `already` recorded ones. */
async function recordSamples(user: ReturnType<typeof userEvent.setup>, count: number, already = 0) {
  for (let i = already; i < already + count; i++) {
    await user.click(await screen.findByRole('button', { name: /^Record (sample|another sample)$/ }));
    expect(await screen.findByRole('timer', { name: 'Recording time' })).toHaveTextContent('Recording 0:00');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText(`Sample ${i + 1} · 0:01`);
  }
}

beforeEach(() => {
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
  URL.createObjectURL = vi.fn(() => `blob:sample-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('VoiceCloningPanel', () => {
  it('shows the free plan the Premium and Enterprise notice and no recording controls', () => {
    const fake = fakeApi({});
    stubMicrophone();
    renderPanel(testUser);
    expect(
      screen.getByText('Voice cloning is available for Premium and Enterprise subscribers only.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it("shows 'Clone my voice' only once 3 samples exist, and each can be played back and deleted", async () => {
    fakeApi(answer(api.voice.voiceStatus, noVoice));
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Record at least 3 samples: 3 more needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).not.toBeInTheDocument();

    await recordSamples(user, 2);
    expect(screen.getByText('Record at least 3 samples: 1 more needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).not.toBeInTheDocument();
    await recordSamples(user, 1, 2);
    const clone = screen.getByRole('button', { name: 'Clone my voice' });
    expect(clone).toBeEnabled();
    expect(screen.getByLabelText('Play sample 3')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true } });
    expect(stopTrack).toHaveBeenCalledTimes(3);

    await user.click(screen.getByRole('button', { name: 'Delete sample 2' }));
    expect(screen.queryByText('Sample 3 · 0:01')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1);
  });

  it('disables recording at 5 samples', async () => {
    fakeApi(answer(api.voice.voiceStatus, noVoice));
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    await recordSamples(user, 5);
    expect(screen.getByRole('button', { name: 'Record another sample' })).toBeDisabled();
    expect(screen.getByText('5 of 5 samples')).toBeInTheDocument();
  });

  it('sends the samples as multipart fields sample0..sample2, then polls the status from processing to completed', async () => {
    let statusCalls = 0;
    const fake = fakeApi({
      ...answer(api.voice.cloneVoice, { status: 'processing' }),
      'GET /api/voice-cloning/status': () => {
        statusCalls += 1;
        if (statusCalls === 1) return { body: noVoice };
        if (statusCalls === 2) return { body: { ...noVoice, voiceCloningStatus: 'processing' } };
        return { body: cloned };
      },
    });
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    await recordSamples(user, 3);
    await user.click(screen.getByRole('button', { name: 'Clone my voice' }));

    expect(await screen.findByText('Voice cloning started')).toBeInTheDocument();
    expect(fake.uploads).toHaveLength(1);
    const form = fake.uploads[0];
    expect([...form.keys()]).toEqual(['sample0', 'sample1', 'sample2']);
    const first = form.get('sample0') as File;
    expect(first.type).toBe('audio/webm');
    expect(first.name).toBe('sample0.webm');
    const [, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.body === form)!;
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });

    expect(
      await screen.findByText('Cloning your voice... This usually takes 1-2 minutes.'),
    ).toBeInTheDocument();
    // The samples went with the upload: no button until 3 are recorded again.
    expect(screen.queryByRole('button', { name: 'Clone my voice' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('Your voice clone is ready.', {}, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Use my voice' })).not.toBeChecked();
    expect(statusCalls).toBeGreaterThanOrEqual(3);
  }, 20_000);

  it("switches 'Use my voice' on through the toggle endpoint", async () => {
    let status = cloned;
    const fake = fakeApi({
      'GET /api/voice-cloning/status': () => ({ body: status }),
      ...answer(api.voice.toggleVoiceCloning, { enabled: true }),
    });
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    const toggle = await screen.findByRole('switch', { name: 'Use my voice' });
    expect(toggle).not.toBeChecked();
    status = { ...cloned, voiceCloningEnabled: true };
    await user.click(toggle);
    expect(await screen.findByText('Voice setting updated')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/voice-cloning/toggle', body: { enabled: true } },
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Use my voice' })).toBeChecked());
  });

  it("shows the server's message when the toggle fails", async () => {
    fakeApi({
      ...answer(api.voice.voiceStatus, cloned),
      ...failure(api.voice.toggleVoiceCloning, 409, { error: 'Clone your voice first', code: 'CONFLICT' }),
    });
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('switch', { name: 'Use my voice' }));
    expect(await screen.findByText('Clone your voice first')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it("shows the server's 503 message when voice cloning is not configured", async () => {
    const message = 'Voice cloning is not configured: set ELEVENLABS_API_KEY';
    fakeApi({
      ...answer(api.voice.voiceStatus, noVoice),
      ...failure(api.voice.cloneVoice, 503, { error: message, code: 'SERVICE_UNAVAILABLE' }),
    });
    stubMicrophone();
    const user = userEvent.setup();
    renderPanel();
    await recordSamples(user, 3);
    await user.click(screen.getByRole('button', { name: 'Clone my voice' }));
    expect(await screen.findByText('Failed to clone voice')).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
    // The samples stay, so the user can try again.
    expect(screen.getByText('Sample 3 · 0:01')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone my voice' })).toBeEnabled();
  });

  it('explains a denied microphone with a message and a toast', async () => {
    fakeApi(answer(api.voice.voiceStatus, noVoice));
    stubMicrophone();
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Record sample' }));
    expect(await screen.findByText('Microphone error')).toBeInTheDocument();
    expect(screen.getByText(/Allow microphone access for this site/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record sample' })).toBeEnabled();
  });

  it('says recording is not supported when the browser has no MediaRecorder', async () => {
    fakeApi(answer(api.voice.voiceStatus, noVoice));
    stubMicrophone({ recorder: false });
    vi.stubGlobal('MediaRecorder', undefined);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Record sample' }));
    expect(await screen.findByText(/Recording is not supported in this browser/)).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
