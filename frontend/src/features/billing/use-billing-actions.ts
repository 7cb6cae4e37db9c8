import { useState } from 'react';
import { browser } from '../../components/browser';
import { callApi, serverMessageOr } from '../../api/client';
import { api } from '../../api/routes';
import { useToast } from '../../components/toast/toast-context';

type PaidTier = 'premium' | 'enterprise';

/** Upgrade (checkout) and Manage Billing (portal): the browser goes to the returned url; errors as doc3 §8. */
export function useBillingActions(go: (url: string) => void = (url) => browser.assign(url)) {
  const { toast } = useToast();
  const [pending, setPending] = useState<PaidTier | 'portal' | null>(null);

  const upgrade = async (tier: PaidTier) => {
    setPending(tier);
    try {
      const result = await callApi(api.billing.checkout, { tier });
      if (result?.url) {
        go(result.url);
        return;
      }
      toast({
        title: 'Upgrade Failed',
        description: 'No checkout URL received from server',
        variant: 'destructive',
      });
    } catch (error) {
      toast({
        title: 'Upgrade Failed',
        description: serverMessageOr(error, 'Failed to start checkout process'),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  const openPortal = async () => {
    setPending('portal');
    try {
      const result = await callApi(api.billing.portal);
      if (result?.url) {
        go(result.url);
        return;
      }
      toast({ title: 'Error', description: 'No portal URL received from server', variant: 'destructive' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to open billing portal'),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  return { upgrade, openPortal, pending };
}
