import { useEffect, useState } from 'react';
import { lazyNamed } from '../components/lazy-named';
import { LoadingState } from '../components/LoadingState';
import { OfflineState } from '../components/OfflineState';
import { useCurrentUser } from '../state/use-current-user';

const LandingPage = lazyNamed(() => import('../features/landing/LandingPage'), 'LandingPage');
const MainApp = lazyNamed(() => import('../features/shell/MainApp'), 'MainApp');

/**
 * While the user loads, the landing page shows only after this long: a signed-in user, whose check answers in a
 * few milliseconds, goes straight to the app without a flash (or the download) of the visitor page.
 */
export const LANDING_WHILE_LOADING_AFTER_MS = 400;

function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/** `/`: the landing page for visitors and while the user loads; the main app when signed in. */
export function HomeRoute() {
  const { user, isLoading, offline, refetch } = useCurrentUser();
  const waitedLong = useElapsed(LANDING_WHILE_LOADING_AFTER_MS);
  if (user) return <MainApp user={user} />;
  if (offline) return <OfflineState onRetry={refetch} />;
  if (isLoading && !waitedLong) return <LoadingState fullPage />;
  return <LandingPage loading={isLoading} />;
}
