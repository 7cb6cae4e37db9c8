import { serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useConnectEmail } from './use-emails';

/** Connect or Reconnect: the browser goes to Google; a failure says 'Failed to connect. Please try again.' (doc3 §8). */
export function useConnectMail() {
  const { toast } = useToast();
  const mutation = useConnectEmail({
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to connect. Please try again.'),
        variant: 'destructive',
      }),
  });
  // Still pending while the page leaves for Google, so the button stays disabled.
  return { connect: () => mutation.mutate(), connecting: mutation.isPending };
}
