import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { reverseGeocode } from './reverse-geocode';

/** A location trigger that fired (POST /api/notifications/smart/location). */
export interface LocationTrigger {
  id: string;
  message: string;
  priority: string;
  createdAt: string;
}

/** doc2 §9: tracking asks with high accuracy, 10 s timeout, 60 s maximum age; auto-enable 5 s / 5 min; every 5 min. */
export const TRACKING_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};
export const AUTO_ENABLE_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5_000,
  maximumAge: 300_000,
};
export const RESEND_EVERY_MS = 5 * 60_000;
export const BANNER_SIZE = 3;

export type EnableResult = 'enabled' | 'denied' | 'unsupported' | 'error' | 'save-failed';

function currentPosition(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, options));
}

/** The Location button turning triggers on: asks for the position, names the place and saves it. */
export async function enableLocation(queryClient: QueryClient): Promise<EnableResult> {
  if (!('geolocation' in navigator)) return 'unsupported';
  let position: GeolocationPosition;
  try {
    position = await currentPosition(TRACKING_OPTIONS);
  } catch (error) {
    return (error as GeolocationPositionError)?.code === 1 ? 'denied' : 'error';
  }
  const { latitude: lat, longitude: lon } = position.coords;
  const locationName = await reverseGeocode(lat, lon);
  try {
    await callApi(api.notifications.setLocation, { lat, lon, locationName });
  } catch {
    return 'save-failed';
  }
  queryClient.setQueryData(queryKeyOf(api.notifications.getLocation), {
    hasLocation: true,
    lat,
    lon,
    locationName,
  });
  return 'enabled';
}

/** 'Location On' pressed: the server forgets the location. False when it refused. */
export async function disableLocation(queryClient: QueryClient): Promise<boolean> {
  try {
    await callApi(api.notifications.deleteLocation);
  } catch {
    return false;
  }
  queryClient.setQueryData(queryKeyOf(api.notifications.getLocation), { hasLocation: false });
  return true;
}

/**
 * Location triggers while they are on (doc2 §2, §4): the position is sent at once and every 5 minutes, and the
 * answer's triggers fill the banner (3 newest); a new high-priority one is handed to `onHighPriority` (the
 * 'Location Trigger' toast). Mounted only while the server keeps a location, so a saved one tracks from start-up.
 */
export function useLocationTracking({
  onHighPriority,
}: { onHighPriority?: (trigger: LocationTrigger) => void } = {}) {
  const [triggers, setTriggers] = useState<LocationTrigger[]>([]);
  const seen = useRef(new Set<string>());
  const announce = useRef(onHighPriority);
  useEffect(() => {
    announce.current = onHighPriority;
  }, [onHighPriority]);

  const report = useCallback(async (position: GeolocationPosition) => {
    const body = await callApi(api.notifications.smartLocation, {
      lat: position.coords.latitude,
      lon: position.coords.longitude,
    });
    const fired: LocationTrigger[] = Array.isArray(body?.notifications) ? body.notifications : [];
    const newest = [...fired].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const trigger of newest) {
      if (!seen.current.has(trigger.id) && trigger.priority === 'high') announce.current?.(trigger);
      seen.current.add(trigger.id);
    }
    setTriggers(newest);
  }, []);

  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let first = true;
    const tick = () => {
      const options = first ? AUTO_ENABLE_OPTIONS : TRACKING_OPTIONS;
      first = false;
      currentPosition(options)
        .then(report)
        .catch((error: unknown) => console.warn('Location update failed', error));
    };
    tick();
    const timer = setInterval(tick, RESEND_EVERY_MS);
    return () => clearInterval(timer);
  }, [report]);

  return { banner: triggers.slice(0, BANNER_SIZE), clear: () => setTriggers([]) };
}
