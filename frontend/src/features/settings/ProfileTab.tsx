import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../../state/use-current-user';
import { PhoneLineCard } from '../phone/PhoneLineCard';
import { PasswordSettingsPanel } from './PasswordSettingsPanel';
import { ProfileSettingsPanel } from './ProfileSettingsPanel';

/** Settings → Profile: the profile form, the account's password, then the phone line callers reach Jarvis on. */
export function ProfileTab() {
  const { user } = useCurrentUser();
  return (
    <Stack spacing={3}>
      {user ? (
        <ProfileSettingsPanel key={user.id} user={user} />
      ) : (
        <Skeleton variant="rounded" height={320} />
      )}
      {user && <PasswordSettingsPanel key={`password-${user.id}`} user={user} />}
      <PhoneLineCard />
    </Stack>
  );
}
