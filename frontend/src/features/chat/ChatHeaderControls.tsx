import { Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import SendIcon from '@mui/icons-material/Send';
import { lazyNamed } from '../../components/lazy-named';
import { useSavedLocation } from '../location/use-saved-location';
import { pushSupport } from '../push/push-support';
import { usePushSubscribed } from '../push/use-push-subscribed';

/** What the user pressed before the real controls had loaded; they run it once they are there. */
export type HeaderAction = 'push-toggle' | 'push-test' | 'location-toggle';

// The push and location code is fetched when the header's controls are first pointed at, focused or touched, and
// shown when one is pressed (the press then runs in it), or at once when a saved location needs tracking: a first
// visit to the chat does not pay for it. The stand-in stays under the pointer until the press, so none is lost.
const loadControls = () => import('./LoadedHeaderControls');
const LoadedHeaderControls = lazyNamed(loadControls, 'LoadedHeaderControls');

/** The buttons as they look, without their code: pressing one loads it and runs the press. */
function StandIn({ locationOn, onPress }: { locationOn: boolean; onPress: (action: HeaderAction) => void }) {
  const [support] = useState(() => pushSupport());
  const [subscribed] = usePushSubscribed(support.supported);
  return (
    <>
      {support.supported ? (
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Button
            size="small"
            variant={subscribed ? 'contained' : 'outlined'}
            color={subscribed ? 'success' : 'primary'}
            aria-pressed={subscribed}
            onClick={() => onPress('push-toggle')}
          >
            {subscribed ? 'Push On' : 'Enable Push'}
          </Button>
          <Tooltip title="Send a test notification">
            <IconButton
              size="small"
              aria-label="Send a test notification"
              onClick={() => onPress('push-test')}
            >
              <SendIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : (
        <Tooltip title={support.reason}>
          <span>
            <Button size="small" variant="outlined" disabled>
              Push Not Available
            </Button>
          </span>
        </Tooltip>
      )}
      <Button
        size="small"
        variant={locationOn ? 'contained' : 'outlined'}
        color={locationOn ? 'success' : 'primary'}
        aria-pressed={locationOn}
        onClick={() => onPress('location-toggle')}
      >
        {locationOn ? 'Location On' : 'Location'}
      </Button>
    </>
  );
}

/** Enable Push, the test button, Location and the Location Triggers banner (doc1 §2, doc2 §2), loaded on demand. */
export function ChatHeaderControls() {
  const [loaded, setLoaded] = useState<{ first: HeaderAction | null } | null>(null);
  const locationOn = Boolean(useSavedLocation().data?.hasLocation);
  const prefetch = () => void loadControls().catch(() => undefined);
  const standIn = <StandIn locationOn={locationOn} onPress={(first) => setLoaded({ first })} />;
  const show = loaded !== null || locationOn;
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      useFlexGap
      flexWrap="wrap"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      sx={{ display: 'contents' }}
    >
      {show ? (
        <Suspense fallback={standIn}>
          <LoadedHeaderControls firstAction={loaded?.first ?? null} />
        </Suspense>
      ) : (
        standIn
      )}
    </Stack>
  );
}
