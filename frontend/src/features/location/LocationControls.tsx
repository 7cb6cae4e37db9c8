import { Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast-context';
import { lazyNamed } from '../../components/lazy-named';
import { useSavedLocation } from './use-saved-location';

// The button is there from the first paint; turning triggers on or off loads with its first press, and the
// tracking with its banner while they are on.
const loadActions = () => import('./use-location-triggers');
const LocationTracking = lazyNamed(() => import('./LocationTracking'), 'LocationTracking');

const FAILURES = {
  denied: {
    title: 'Location Access Denied',
    description: 'Please enable location permissions in your browser settings.',
  },
  unsupported: {
    title: 'Location Not Supported',
    description: 'Your browser does not support location services.',
  },
  error: { title: 'Location Error', description: 'Could not get your current location. Please try again.' },
  'save-failed': { title: 'Failed to Save Location', description: 'Please try again.' },
} as const;

/** The chat header's Location toggle and, while it is on, the Location Triggers banner (doc2 §2, §8). */
export function LocationControls() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const saved = useSavedLocation();
  const enabled = Boolean(saved.data?.hasLocation);
  const [busy, setBusy] = useState(false);
  // A press made before `busy` shows: one press, one change.
  const pressed = useRef(false);

  const toggle = async () => {
    const actions = await loadActions();
    if (enabled) {
      if (await actions.disableLocation(queryClient))
        toast({ title: 'Location Disabled', description: 'Location-based reminders are off.' });
      else
        toast({
          title: 'Failed to Disable',
          description: "Couldn't disable location. Please try again.",
          variant: 'destructive',
        });
      return;
    }
    const result = await actions.enableLocation(queryClient);
    if (result === 'enabled')
      toast({
        title: 'Location Enabled',
        description: 'Jarvis will remind you when you are near places you mention.',
        variant: 'success',
      });
    else toast({ ...FAILURES[result], variant: 'destructive' });
  };

  const onPress = () => {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    void toggle()
      .catch(() => toast({ ...FAILURES.error, variant: 'destructive' }))
      .finally(() => {
        pressed.current = false;
        setBusy(false);
      });
  };

  return (
    <>
      <Button
        size="small"
        variant={enabled ? 'contained' : 'outlined'}
        color={enabled ? 'success' : 'primary'}
        disabled={busy}
        aria-pressed={enabled}
        onClick={onPress}
      >
        {enabled ? 'Location On' : 'Location'}
      </Button>
      {enabled && (
        <Suspense fallback={null}>
          <LocationTracking />
        </Suspense>
      )}
    </>
  );
}
