import { useCallback, useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { sendTestPush } from '../../api/push';
import { useToast } from '../../components/toast/toast-context';
import { testNotificationDescription } from './push-support';
import { usePush } from './use-push';

/** 'Enable Push' / 'Push On' / 'Push Not Available' and the test-notification button (doc1 §2, §4, §8). */
export function PushToggle({ firstAction = null }: { firstAction?: 'toggle' | 'test' | null } = {}) {
  const { toast } = useToast();
  const push = usePush();
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: (result) =>
      toast({
        title: 'Test Notification Sent!',
        description: testNotificationDescription(result),
        variant: 'success',
      }),
    onError: () =>
      toast({ title: 'Failed', description: 'Could not send test notification.', variant: 'destructive' }),
  });

  const toggle = useCallback(async () => {
    if (push.subscribed) {
      if (await push.disable())
        toast({ title: 'Notifications Disabled', description: 'Push notifications have been turned off.' });
      else
        toast({
          title: 'Error',
          description: 'Could not disable notifications. Please try again.',
          variant: 'destructive',
        });
      return;
    }
    const outcome = await push.enable();
    if (outcome === 'enabled')
      toast({
        title: 'Notifications Enabled',
        description: 'You will now receive push notifications for calls and messages.',
        variant: 'success',
      });
    else if (outcome === 'denied')
      toast({
        title: 'Permission Denied',
        description: 'Please enable notifications in your browser settings.',
        variant: 'destructive',
      });
    else
      toast({
        title: 'Subscription Failed',
        description: 'Could not enable push notifications. Please try again.',
        variant: 'destructive',
      });
  }, [push, toast]);

  // A press made on the stand-in before this loaded (ChatHeaderControls), run once.
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || !firstAction || !push.support.supported) return;
    ran.current = true;
    if (firstAction === 'test') test.mutate();
    else void toggle();
  }, [firstAction, push.support.supported, test, toggle]);

  if (!push.support.supported)
    return (
      <Tooltip title={push.support.reason}>
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
        variant={push.subscribed ? 'contained' : 'outlined'}
        color={push.subscribed ? 'success' : 'primary'}
        disabled={push.busy}
        onClick={() => void toggle()}
        aria-pressed={push.subscribed}
      >
        {push.subscribed ? 'Push On' : 'Enable Push'}
      </Button>
      <Tooltip title="Send a test notification">
        <span>
          <IconButton
            size="small"
            aria-label="Send a test notification"
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            <SendIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
