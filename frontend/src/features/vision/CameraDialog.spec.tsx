import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { CAMERA_TIMEOUT_MS, cameraProblemOf, openCamera } from './camera';
import { CameraDialog } from './CameraDialog';

const stopTrack = vi.fn();
const getUserMedia = vi.fn();
const SHOT = 'data:image/png;base64,iVBORw0KGgo=';

function stubCamera(fail?: string) {
  getUserMedia.mockReset();
  getUserMedia.mockImplementation(async () => {
    if (fail) throw Object.assign(new Error(fail), { name: fail });
    return { getTracks: () => [{ stop: stopTrack }] };
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

beforeEach(() => {
  stopTrack.mockReset();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SHOT);
});
afterEach(() => vi.restoreAllMocks());

function renderDialog() {
  const onUsePhoto = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(<CameraDialog open onClose={onClose} onUsePhoto={onUsePhoto} />);
  return { onUsePhoto, onClose, ...view };
}

describe('Camera Vision', () => {
  it('captures a PNG, retakes, and uses the photo with the trimmed prompt', async () => {
    stubCamera();
    const { onUsePhoto, onClose } = renderDialog();
    const user = userEvent.setup();
    const capture = await screen.findByRole('button', { name: 'Capture Photo' });
    await waitFor(() => expect(capture).toBeEnabled());
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }),
    );
    await user.click(capture);
    expect(screen.getByTestId('camera-view')).toHaveAttribute('data-state', 'captured');
    expect(screen.getByAltText('Captured photo')).toHaveAttribute('src', SHOT);
    await user.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.getByTestId('camera-view')).toHaveAttribute('data-state', 'active');
    await user.click(screen.getByRole('button', { name: 'Capture Photo' }));
    await user.type(screen.getByLabelText('Add a prompt (optional)'), '  what breed is this?  ');
    await user.click(screen.getByRole('button', { name: 'Use Photo' }));
    expect(onUsePhoto).toHaveBeenCalledWith(SHOT, 'what breed is this?');
    expect(onClose).toHaveBeenCalled();
  });

  it('switches between the front and the rear camera, and stops the stream when closed', async () => {
    stubCamera();
    const { rerender } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch camera' }));
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenLastCalledWith(
        expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }) }),
      ),
    );
    expect(stopTrack).toHaveBeenCalled();
    stopTrack.mockReset();
    await screen.findByRole('button', { name: 'Switch camera' });
    rerender(<CameraDialog open={false} onClose={() => undefined} onUsePhoto={() => undefined} />);
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
  });

  it.each([
    ['NotAllowedError', 'Camera access denied'],
    ['NotFoundError', 'No camera detected'],
    ['NotReadableError', 'Camera in use'],
  ])('shows the error for %s and offers the upload', async (name, title) => {
    stubCamera(name);
    renderDialog();
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("takes only image files from the upload ('Invalid file')", async () => {
    stubCamera('NotFoundError');
    renderDialog();
    await screen.findByText('No camera detected');
    const input = screen.getByTestId('camera-upload-input');
    fireEvent.change(input, { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Invalid file')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('button', { name: 'Use Photo' })).toBeInTheDocument();
  });

  it('gives up on the camera after 10 s, and says it is not supported without getUserMedia', async () => {
    expect(CAMERA_TIMEOUT_MS).toBe(10_000);
    getUserMedia.mockReset();
    getUserMedia.mockReturnValue(new Promise(() => undefined));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const error = await openCamera('user', 5).catch((e: unknown) => e);
    expect(cameraProblemOf(error)).toBe('timeout');
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    expect(cameraProblemOf(await openCamera('user').catch((e: unknown) => e))).toBe('unsupported');
  });
});
