import { useMemo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { displayNameOf, initialsOf } from '../auth/user-display';
import { showServerErrors, textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  profileFailureMessage,
  profileForm,
  profileFormOf,
  sameProfile,
  toProfileInput,
  type ProfileForm,
} from './profile-form';
import { useSaveProfile } from './use-profile';

const PLAN_LABELS: Record<User['subscriptionTier'], string> = {
  free: 'Free plan',
  premium: 'Premium plan',
  enterprise: 'Enterprise plan',
};

/**
 * Settings → Profile (doc2 §2): username, first name and last name, saved with Save Changes. A failed save keeps
 * everything typed, shows the server's word under the field it is about, and toasts 'Failed to update profile'.
 */
export function ProfileSettingsPanel({ user }: { user: User }) {
  const { toast } = useToast();
  const hadUsername = Boolean(user.username);
  const rules = useMemo(() => profileForm({ hadUsername }), [hadUsername]);
  const form = useContractForm<ProfileForm>(rules, profileFormOf(user));

  const save = useSaveProfile({
    onSuccess: (saved) => {
      if (saved) form.reset(profileFormOf(saved));
      toast({ title: 'Profile updated', description: 'Your changes have been saved.', variant: 'success' });
    },
    onError: (error) => {
      showServerErrors(form, rules, error, ['username', 'firstName', 'lastName']);
      toast({
        title: 'Failed to update profile',
        description: profileFailureMessage(error),
        variant: 'destructive',
      });
    },
  });

  const unchanged = sameProfile(form.watch(), profileFormOf(user));

  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(toProfileInput(values));
  });

  const username = textFieldOf(form, 'username');

  return (
    <Card data-testid="profile-settings">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2.5, minWidth: 0 }}>
          <Avatar
            src={user.profileImageUrl ?? undefined}
            aria-hidden
            sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}
          >
            {initialsOf(user)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {displayNameOf(user)}
            </Typography>
            {user.email && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            )}
          </Box>
          <Chip
            size="small"
            label={PLAN_LABELS[user.subscriptionTier] ?? user.subscriptionTier}
            color={user.subscriptionTier === 'free' ? 'default' : 'primary'}
            variant="outlined"
          />
        </Stack>
        <Divider sx={{ mb: 2.5 }} />
        <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Personal details
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            How Jarvis addresses you, and the username you sign in with.
          </Typography>
          <Stack spacing={2.5}>
            <TextField
              label="Username"
              autoComplete="username"
              {...username}
              helperText={username.helperText ?? '3 to 64 characters; you sign in with it.'}
              slotProps={{ htmlInput: { maxLength: 64 } }}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <TextField
                label="First name"
                autoComplete="given-name"
                {...textFieldOf(form, 'firstName')}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                {...textFieldOf(form, 'lastName')}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
            </Stack>
            <Stack direction="row" spacing={1.5} justifyContent="flex-end">
              <Button onClick={() => form.reset(profileFormOf(user))} disabled={unchanged || save.isPending}>
                Reset
              </Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
