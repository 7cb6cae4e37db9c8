import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { User } from '@jarvis/contracts';
import { logout } from '../../api/auth';
import { browser } from '../../app/browser';
import { displayNameOf, initialsOf } from './user-display';

/** Logs out, then goes to / even when the call fails (doc1 §7). */
export async function logoutAndLeave(go: (url: string) => void = (url) => browser.assign(url)) {
  try {
    await logout();
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    go('/');
  }
}

/** Bottom of the sidebar: avatar (image or initials), name or e-mail, and logout. */
export function UserFooter({ user }: { user: User }) {
  const [leaving, setLeaving] = useState(false);
  const name = displayNameOf(user);
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
          <IconButton
            aria-label="Log out"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logoutAndLeave();
            }}
          >
            <LogoutIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
