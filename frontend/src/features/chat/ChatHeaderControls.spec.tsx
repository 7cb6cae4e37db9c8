import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { api } from '../../api/routes';
import { answer, renderWithProviders, testUser } from '../../test/render';
import { fakeApi, here, stubGeolocation } from '../location/test-geolocation';
import { TRACKING_OPTIONS } from '../location/use-location-triggers';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the chat header controls', () => {
  it('act on the first press, once: one position asked, one location saved, Location On', async () => {
    const geolocation = stubGeolocation(here);
    let saved = false;
    const fake = fakeApi({
      'GET /api/user/location': () => ({ body: { hasLocation: saved } }),
      'PUT /api/user/location': () => {
        saved = true;
        return { body: { hasLocation: true } };
      },
      ...answer(api.notifications.smartLocation, { notifications: [] }),
    });
    const { ChatHeaderControls } = await import('./ChatHeaderControls');
    renderWithProviders(<ChatHeaderControls />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Push Not Available' })).toBeDisabled();
    const location = screen.getByRole('button', { name: 'Location' });
    // Two presses before the code of the first has loaded: one change.
    fireEvent.click(location);
    fireEvent.click(location);
    expect(
      await screen.findByRole('button', { name: 'Location On' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Location Enabled');
    expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(geolocation.mock.calls.filter((call) => call[2] === TRACKING_OPTIONS)).toHaveLength(1);
  });
});
