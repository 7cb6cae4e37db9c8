import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import SendIcon from '@mui/icons-material/Send';
import { useToast } from '../../components/toast/toast-context';
import { askNotificationPermission, pushSupport, type PushSupport } from './push-support';
import { usePushSubscribed } from './use-push-subscribed';

// What the buttons do loads with their first press; the buttons themselves are there from the first paint.
const loadActions = () => import('./push-actions');

const SOMETHING_WRONG = {
  title: 'Error',
  description: 'Something went wrong. Please try again.',
  variant: 'destructive',
} as const;

/**
 * 'Enable Push' / 'Push On' / 'Push Not Available' and the test-notification button (doc1 §2, §4, §8). Each press
 * acts once: a second press while the first is under way does nothing.
 */
export function PushToggle() {
  const { toast } = useToast();
  const [support] = useState<PushSupport>(() => pushSupport());
  const [subscribed, setSubscribed] = usePushSubscribed(support.supported);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  // The state above shows on the next render; these hold a press made before it.
  const toggling = useRef(false);
  const sending = useRef(false);

  const toggle = () => {
    if (toggling.current) return;
    toggling.current = true;
    setBusy(true);
    // A browser shows the permission prompt only while handling the press: ask now, before any code loads.
    const permission = subscribed ? null : askNotificationPermission();
    void loadActions()
      .then((actions) => (permission ? actions.enablePush(permission, toast) : actions.disablePush(toast)))
      .then(setSubscribed, () => toast(SOMETHING_WRONG))
      .finally(() => {
        toggling.current = false;
        setBusy(false);
      });
  };

  const test = () => {
    if (sending.current) return;
    sending.current = true;
    setTesting(true);
    void loadActions()
      .then((actions) => actions.testPush(toast), () => toast(SOMETHING_WRONG))
      .finally(() => {
        sending.current = false;
        setTesting(false);
      });
  };

  if (!support.supported)
    return (
      <Tooltip title={support.reason}>
        <span>
          <Button size="small" variant="outlined" disabled>
            Push Not Available
          </Button>
        </span>
      </Tooltip>
    );

  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Button
        size="small"
        variant={subscribed ? 'contained' : 'outlined'}
        color={subscribed ? 'success' : 'primary'}
        disabled={busy}
        onClick={toggle}
        aria-pressed={subscribed}
      >
        {subscribed ? 'Push On' : 'Enable Push'}
      </Button>
      <Tooltip title="Send a test notification">
        <span>
          <IconButton size="small" aria-label="Send a test notification" disabled={testing} onClick={test}>
            <SendIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
