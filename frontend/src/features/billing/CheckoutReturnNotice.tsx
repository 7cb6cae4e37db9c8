import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import type { User } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/** How often and how long the page asks for the user again after Checkout, while Stripe's webhook arrives. */
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_POLL_LIMIT_MS = 60_000;

/**
 * Back from Stripe Checkout (`/account?checkout=success&plan=<tier>` or `?checkout=cancelled`): the plan changes
 * when Stripe's webhook reaches billing, which may be a moment after the browser returns, so the page asks for the
 * user again every 2 s until the user is on the paid plan (the one named, or any other than the one it came back
 * with when none is named), at most a minute, and says what is happening meanwhile.
 */
export function CheckoutReturnNotice({ user }: { user: Pick<User, 'subscriptionTier'> }) {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const queryClient = useQueryClient();
  const plan = params.get('plan');
  const [startTier] = useState(user.subscriptionTier);
  const [timedOut, setTimedOut] = useState(false);
  const changed = plan ? user.subscriptionTier === plan : user.subscriptionTier !== startTier;

  useEffect(() => {
    if (outcome !== 'success' || changed) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > CHECKOUT_POLL_LIMIT_MS) {
        setTimedOut(true);
        clearInterval(timer);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) });
    }, CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [outcome, changed, queryClient]);

  if (outcome === 'cancelled')
    return (
      <Alert severity="info" sx={{ mb: 3 }} data-testid="checkout-notice">
        Checkout was cancelled. Your plan has not changed.
      </Alert>
    );
  if (outcome !== 'success') return null;
  if (changed)
    return (
      <Alert severity="success" sx={{ mb: 3 }} data-testid="checkout-notice">
        Thank you! Your plan is now active.
      </Alert>
    );
  return (
    <Alert severity={timedOut ? 'warning' : 'info'} sx={{ mb: 3 }} data-testid="checkout-notice">
      {timedOut
        ? 'Your payment went through, but your plan has not updated yet. Refresh this page in a minute.'
        : 'Payment received. Updating your plan…'}
    </Alert>
  );
}
