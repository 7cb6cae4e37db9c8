import { useCallback, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import { useToast } from '../../components/toast/toast-context';
import { easternClock } from '../../components/eastern-time';
import { useLocationTriggers } from './use-location-triggers';

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

/** The chat header's Location toggle and the Location Triggers banner (doc2 §2, §8). */
export function LocationControls({ firstAction = null }: { firstAction?: 'toggle' | null } = {}) {
  const { toast } = useToast();
  const location = useLocationTriggers({
    onHighPriority: (trigger) =>
      toast({ title: 'Location Trigger', description: trigger.message, durationMs: 5_000 }),
  });

  const toggle = useCallback(async () => {
    if (location.enabled) {
      if (await location.disable())
        toast({ title: 'Location Disabled', description: 'Location-based reminders are off.' });
      else
        toast({
          title: 'Failed to Disable',
          description: "Couldn't disable location. Please try again.",
          variant: 'destructive',
        });
      return;
    }
    const result = await location.enable();
    if (result === 'enabled')
      toast({
        title: 'Location Enabled',
        description: 'Jarvis will remind you when you are near places you mention.',
        variant: 'success',
      });
    else toast({ ...FAILURES[result], variant: 'destructive' });
  }, [location, toast]);

  // A press made on the stand-in before this loaded (ChatHeaderControls), run once the saved state is known.
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || firstAction !== 'toggle' || location.loading) return;
    ran.current = true;
    void toggle();
  }, [firstAction, location.loading, toggle]);

  return (
    <>
      <Button
        size="small"
        variant={location.enabled ? 'contained' : 'outlined'}
        color={location.enabled ? 'success' : 'primary'}
        disabled={location.busy}
        aria-pressed={location.enabled}
        onClick={() => void toggle()}
      >
        {location.enabled ? 'Location On' : 'Location'}
      </Button>
      {location.banner.length > 0 && (
        <Box sx={{ flexBasis: '100%' }}>
          <Alert
            severity="info"
            icon={<LocationOnOutlinedIcon />}
            data-testid="location-banner"
            action={
              <Button color="inherit" size="small" onClick={location.clear}>
                Clear
              </Button>
            }
          >
            <Typography variant="subtitle2" component="p">
              Location Triggers
            </Typography>
            <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {location.banner.map((trigger) => (
                <Typography component="li" variant="body2" key={trigger.id} data-testid="location-trigger">
                  {trigger.message}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {easternClock(new Date(trigger.createdAt))} ET
                  </Typography>
                </Typography>
              ))}
            </Stack>
          </Alert>
        </Box>
      )}
    </>
  );
}
