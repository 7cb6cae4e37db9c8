import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { deleteUserLocation, saveUserLocation, sendPosition, type LocationTrigger } from '../../api/location';
import { reverseGeocode } from './reverse-geocode';
import { useSavedLocation } from './use-saved-location';

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

/**
 * Location triggers (doc2 §2, §4): enabled while the server keeps a location. While enabled, the position is sent
 * every 5 minutes and the answer's triggers fill the banner (3 newest); a new high-priority one is handed to
 * `onHighPriority` (the 'Location Trigger' toast). A saved location turns tracking on at start-up.
 */
export function useLocationTriggers({
  onHighPriority,
}: { onHighPriority?: (trigger: LocationTrigger) => void } = {}) {
  const queryClient = useQueryClient();
  const saved = useSavedLocation();
  const enabled = Boolean(saved.data?.hasLocation);
  const [triggers, setTriggers] = useState<LocationTrigger[]>([]);
  const [busy, setBusy] = useState(false);
  const seen = useRef(new Set<string>());
  const announce = useRef(onHighPriority);
  useEffect(() => {
    announce.current = onHighPriority;
  }, [onHighPriority]);

  const report = useCallback(async (position: GeolocationPosition) => {
    const fired = await sendPosition({ lat: position.coords.latitude, lon: position.coords.longitude });
    const newest = [...fired].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const trigger of newest) {
      if (!seen.current.has(trigger.id) && trigger.priority === 'high') announce.current?.(trigger);
      seen.current.add(trigger.id);
    }
    setTriggers(newest);
  }, []);

  useEffect(() => {
    if (!enabled || !('geolocation' in navigator)) return;
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
  }, [enabled, report]);

  const enable = useCallback(async (): Promise<EnableResult> => {
    if (!('geolocation' in navigator)) return 'unsupported';
    setBusy(true);
    try {
      let position: GeolocationPosition;
      try {
        position = await currentPosition(TRACKING_OPTIONS);
      } catch (error) {
        return (error as GeolocationPositionError)?.code === 1 ? 'denied' : 'error';
      }
      const { latitude: lat, longitude: lon } = position.coords;
      const locationName = await reverseGeocode(lat, lon);
      try {
        await saveUserLocation({ lat, lon, locationName });
      } catch {
        return 'save-failed';
      }
      queryClient.setQueryData(queryKeys.userLocation, { hasLocation: true, lat, lon, locationName });
      return 'enabled';
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  const disable = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    try {
      await deleteUserLocation();
      queryClient.setQueryData(queryKeys.userLocation, { hasLocation: false });
      setTriggers([]);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  return {
    enabled,
    loading: saved.isLoading,
    busy,
    banner: triggers.slice(0, BANNER_SIZE),
    clear: () => setTriggers([]),
    enable,
    disable,
  };
}
