/** The user's location and location triggers (doc2 §7): loaded only with the location controls. */
import { api } from './routes';
import { callApi } from './client';

/** A location trigger that fired (POST /api/notifications/smart/location). */
export interface LocationTrigger {
  id: string;
  message: string;
  priority: string;
  createdAt: string;
}

/** GET /api/user/location. */
export function getUserLocation() {
  return callApi(api.notifications.getLocation);
}

/** PUT /api/user/location {lat, lon, locationName}. */
export async function saveUserLocation(input: {
  lat: number;
  lon: number;
  locationName: string;
}): Promise<void> {
  await callApi(api.notifications.setLocation, input);
}

/** DELETE /api/user/location. */
export async function deleteUserLocation(): Promise<void> {
  await callApi(api.notifications.deleteLocation);
}

/** POST /api/notifications/smart/location {lat, lon}: the triggers of the last day, those fired now included. */
export async function sendPosition(input: { lat: number; lon: number }): Promise<LocationTrigger[]> {
  const body = await callApi(api.notifications.smartLocation, input);
  return Array.isArray(body?.notifications) ? body.notifications : [];
}
