import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, testUser } from '../../test/render';
import { LocationControls } from './LocationControls';
import { reverseGeocode, UNKNOWN_LOCATION } from './reverse-geocode';
import { TRACKING_OPTIONS } from './use-location-triggers';
import { fakeApi, here, stubGeolocation } from './test-geolocation';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('reverse geocoding', () => {
  it("answers the city, the locality or the region, and 'Unknown Location' when it fails", async () => {
    const reply = (body: unknown, status = 200) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status }));
    expect(await reverseGeocode(1, 2, reply({ city: 'Brooklyn', locality: 'x' }))).toBe('Brooklyn');
    expect(await reverseGeocode(1, 2, reply({ city: '', principalSubdivision: 'New York' }))).toBe(
      'New York',
    );
    expect(await reverseGeocode(1, 2, reply({}, 500))).toBe(UNKNOWN_LOCATION);
    expect(
      await reverseGeocode(
        1,
        2,
        vi.fn(async () => Promise.reject(new Error('offline'))),
      ),
    ).toBe(UNKNOWN_LOCATION);
  });
});

describe('LocationControls', () => {
  it('enables with the position and the place name, then shows the triggers and toasts a high-priority one', async () => {
    const geolocation = stubGeolocation(here);
    let saved = false;
    const fake = fakeApi({
      'GET /api/user/location': () => ({ body: { hasLocation: saved } }),
      'PUT /api/user/location': () => {
        saved = true;
        return { body: { hasLocation: true } };
      },
      ...answer(api.notifications.smartLocation, {
        notifications: [
          {
            id: 'n1',
            message: "You're near the pharmacy on 5th Ave: buy milk",
            priority: 'high',
            createdAt: '2026-11-23T15:00:00Z',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LocationControls />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Location' }));
    expect(await screen.findByRole('button', { name: 'Location On' })).toBeInTheDocument();
    expect(geolocation.mock.calls[0][2]).toEqual(TRACKING_OPTIONS);
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      lat: 40.7411,
      lon: -73.9897,
      locationName: 'Manhattan',
    });
    expect(await screen.findByTestId('location-banner')).toHaveTextContent('buy milk');
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((t) => t.textContent)
          .join(),
      ).toContain('Location Trigger'),
    );
    expect(fake.calls.find((c) => c.path === api.notifications.smartLocation.path)?.body).toEqual({
      lat: 40.7411,
      lon: -73.9897,
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('location-banner')).toBeNull();
  });

  it('shows at most 3 triggers', async () => {
    stubGeolocation(here);
    fakeApi({
      ...answer(api.notifications.getLocation, { hasLocation: true }),
      ...answer(api.notifications.smartLocation, {
        notifications: [1, 2, 3, 4].map((i) => ({
          id: `n${i}`,
          message: `Trigger ${i}`,
          priority: 'normal',
          createdAt: `2026-11-23T1${i}:00:00Z`,
        })),
      }),
    });
    renderWithProviders(<LocationControls />, { user: testUser });
    await waitFor(() => expect(screen.getAllByTestId('location-trigger')).toHaveLength(3));
    expect(screen.getAllByTestId('location-trigger')[0]).toHaveTextContent('Trigger 4');
  });

  it("says 'Location Access Denied' when the permission is refused and saves nothing", async () => {
    stubGeolocation({ code: 1 });
    const fake = fakeApi(answer(api.notifications.getLocation, { hasLocation: false }));
    const user = userEvent.setup();
    renderWithProviders(<LocationControls />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Location' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Location Access Denied');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("disables: 'Location Disabled', or 'Failed to Disable' when the server refuses", async () => {
    stubGeolocation(here);
    fakeApi({
      ...answer(api.notifications.getLocation, { hasLocation: true }),
      ...answer(api.notifications.smartLocation, { notifications: [] }),
      ...failure(api.notifications.deleteLocation, 503, { error: 'down', code: 'SERVICE_UNAVAILABLE' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LocationControls />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Location On' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to Disable');
    expect(toast).toHaveTextContent("Couldn't disable location. Please try again.");
    expect(screen.getByRole('button', { name: 'Location On' })).toBeInTheDocument();
  });
});
