import { useCurrentUser } from '../../state/use-current-user';
import { useLiveEvents } from './use-live-events';

/** Mounted once beside the router: the live stream of whoever is signed in. */
export function LiveEvents() {
  const { user } = useCurrentUser();
  useLiveEvents(user?.id ?? null);
  return null;
}
