import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { User } from '@jarvis/contracts';
import { browser } from '../../components/browser';
import { useLogout } from '../../state/use-current-user';
import { displayNameOf, initialsOf } from '../auth/user-display';

/** Bottom of the sidebar: avatar (image or initials), name or e-mail, and logout. */
export function UserFooter({ user }: { user: User }) {
  const logout = useLogout();
  // Still leaving after the call: the page is going to /.
  const leaving = !logout.isIdle;
  const name = displayNameOf(user);

  /** Logs out, then goes to / even when the call fails (doc1 §7). */
  const logoutAndLeave = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      browser.assign('/');
    }
  };

  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
      data-testid="user-footer"
    >
      <Avatar
        src={user.profileImageUrl ?? undefined}
        alt={name}
        sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: 16 }}
      >
        {initialsOf(user)}
      </Avatar>
      <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="subtitle2" noWrap data-testid="user-name">
          {name}
        </Typography>
        {user.email && name !== user.email && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        )}
      </Stack>
      <Tooltip title="Log out">
        <span>
          <IconButton aria-label="Log out" disabled={leaving} onClick={() => void logoutAndLeave()}>
            <LogoutIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
