import { useCurrentUser } from '../features/auth/use-current-user';
import { LandingPage } from '../features/landing/LandingPage';
import { MainApp } from '../features/shell/MainApp';

/** `/`: the landing page for visitors and while the user loads; the main app when signed in. */
export function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  if (user) return <MainApp user={user} />;
  return <LandingPage loading={isLoading} />;
}
