import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { User } from '@jarvis/contracts';
import { lazyNamed } from '../../components/lazy-named';
import { canManageBilling, formatPrice, PLANS, upgradeOptionsFor } from '../billing/plans';
import { useBillingActions } from '../billing/use-billing-actions';
import { CallUsageBar } from './CallUsageBar';
import { MailConnectionRow } from './MailConnectionRow';

// Its own chunk, loaded with the Account page: the meters of today's quotas.
const UsageMeters = lazyNamed(() => import('./UsageMeters'), 'UsageMeters');
// Its own chunk too: export, import and deletion of the account's data.
const AccountDataPanel = lazyNamed(() => import('./AccountDataPanel'), 'AccountDataPanel');

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Account information, current plan, upgrade options and billing (doc3 §2, §6). */
export function AccountPanel({ user }: { user: User }) {
  const plan = PLANS[user.subscriptionTier] ?? PLANS.free;
  const upgrades = upgradeOptionsFor(user.subscriptionTier);
  const billingEnabled = canManageBilling(user);
  const { upgrade, openPortal, pending } = useBillingActions();

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Account Information
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow label="Username" value={user.username || 'Guest'} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow label="E-mail" value={user.email || 'Not set'} />
            </Grid>
          </Grid>
          <Divider sx={{ my: 2.5 }} />
          <MailConnectionRow />
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
            <WorkspacePremiumOutlinedIcon color="primary" />
            <Typography variant="h6" component="h2">
              Current Plan
            </Typography>
          </Stack>
          <Stack
            direction="row"
            spacing={1.5}
            alignItems="baseline"
            flexWrap="wrap"
            useFlexGap
            sx={{ mb: 1 }}
          >
            <Typography variant="h4" component="p" data-testid="current-plan">
              {plan.name}
            </Typography>
            <Typography color="text.secondary">{formatPrice(plan.price)} / month</Typography>
            <Chip size="small" color="primary" label={plan.outgoingCalls} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {plan.description}
          </Typography>
          {user.subscriptionTier !== 'free' && <CallUsageBar />}
        </CardContent>
      </Card>

      <Suspense fallback={null}>
        <UsageMeters />
      </Suspense>

      {upgrades.length > 0 && (
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Upgrade Options
          </Typography>
          <Grid container spacing={2}>
            {upgrades.map((tier) => {
              const offer = PLANS[tier];
              return (
                <Grid key={tier} size={{ xs: 12, md: 6 }}>
                  <Card sx={{ height: '100%', borderColor: tier === 'premium' ? 'primary.main' : undefined }}>
                    <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column' }}>
                      <Typography variant="h6">{offer.name}</Typography>
                      <Typography variant="h4" component="p" sx={{ my: 1 }}>
                        {formatPrice(offer.price)}
                        <Typography component="span" color="text.secondary">
                          {' '}
                          / month
                        </Typography>
                      </Typography>
                      <List dense disablePadding sx={{ flexGrow: 1, mb: 2 }}>
                        {offer.highlights.map((h) => (
                          <ListItem key={h} disableGutters>
                            <ListItemIcon sx={{ minWidth: 30, color: 'success.main' }}>
                              <CheckIcon fontSize="small" />
                            </ListItemIcon>
                            <ListItemText primary={h} />
                          </ListItem>
                        ))}
                      </List>
                      <Button
                        variant="contained"
                        disabled={pending !== null}
                        onClick={() => void upgrade(tier)}
                      >
                        {pending === tier ? 'Redirecting...' : `Upgrade to ${offer.name}`}
                      </Button>
                    </CardContent>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </Box>
      )}

      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            alignItems={{ xs: 'flex-start', sm: 'center' }}
            justifyContent="space-between"
          >
            <Stack direction="row" spacing={1.5} alignItems="flex-start">
              <CreditCardOutlinedIcon color="primary" sx={{ mt: 0.5 }} />
              <Box>
                <Typography variant="h6" component="h2">
                  Billing
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {billingEnabled
                    ? 'Update your payment method, download invoices or cancel your plan.'
                    : 'Billing management is available once you are on a paid plan.'}
                </Typography>
              </Box>
            </Stack>
            <Button
              variant="outlined"
              disabled={!billingEnabled || pending !== null}
              onClick={() => void openPortal()}
            >
              {pending === 'portal' ? 'Opening...' : 'Manage Billing'}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Suspense fallback={null}>
        <AccountDataPanel user={user} />
      </Suspense>
    </Stack>
  );
}
