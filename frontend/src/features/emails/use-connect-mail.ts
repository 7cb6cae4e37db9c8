import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../api/client';
import type { MailReturnTo } from '../../api/mail';
import { useToast } from '../../components/toast/toast-context';
import { useConnectEmail } from './use-emails';

const CONNECT_FAILED = 'Failed to connect. Please try again.';

/**
 * Connect or Reconnect: the browser goes to Google and comes back to `returnTo`. A failure says 'Failed to connect.
 * Please try again.' (doc3 §8).
 */
export function useConnectMail(returnTo: MailReturnTo = '/emails') {
  const { toast } = useToast();
  const mutation = useConnectEmail({
    returnTo,
    onError: (error) =>
      toast({ title: 'Error', description: serverMessageOr(error, CONNECT_FAILED), variant: 'destructive' }),
  });
  // Still pending while the page leaves for Google, so the button stays disabled.
  return { connect: () => mutation.mutate(), connecting: mutation.isPending };
}

/** Back from Google: `?mail=connected` or `?mailError=<reason>` becomes a toast once, and leaves the address. */
export function useMailReturnNotice() {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const shown = useRef(false);
  const result = params.get('mail');
  const error = params.get('mailError');

  useEffect(() => {
    if (shown.current || (!result && !error)) return;
    shown.current = true;
    if (error) toast({ title: 'Error', description: CONNECT_FAILED, variant: 'destructive' });
    else if (result === 'connected')
      toast({ title: 'Gmail connected', description: 'Your inbox is ready.', variant: 'success' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('mail');
        next.delete('mailError');
        return next;
      },
      { replace: true },
    );
  }, [result, error, toast, setParams]);
}
