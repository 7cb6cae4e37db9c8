import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DataUsageOutlinedIcon from '@mui/icons-material/DataUsageOutlined';
import type { QuotaUsage } from '@jarvis/contracts';
import { resetTime } from '../../api/quota';
import { usagePercent } from '../outbound-calls/call-format';
import { useUsage } from './use-usage';

const count = (n: number) => n.toLocaleString('en-US');

/** 'used / limit unit', 'used · Unlimited', or that the plan has none. */
export function meterText({ used, limit, unit }: Pick<QuotaUsage, 'used' | 'limit' | 'unit'>): string {
  if (limit === 'unlimited') return `${count(used)} used · Unlimited`;
  if (limit === 0) return 'Not included in your plan';
  return `${count(used)} / ${count(limit)} ${unit}`;
}

function Meter({ quota }: { quota: QuotaUsage }) {
  const { kind, label, used, limit } = quota;
  const percent = typeof limit === 'number' && limit > 0 ? usagePercent(used, limit) : 0;
  const color = percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary';
  return (
    <Box data-testid={`quota-${kind}`}>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="baseline"
        spacing={1}
        sx={{ mb: 0.75 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
          {label}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          data-testid={`quota-${kind}-text`}
        >
          {meterText(quota)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-label={`${label} used today`}
        // A kind the plan does not include shows an empty, faded track.
        sx={{ height: 8, borderRadius: 4, opacity: limit === 0 ? 0.4 : 1 }}
      />
    </Box>
  );
}

/** Today's use of every daily quota on the Account page: one meter a kind, and when they start again. */
export function UsageMeters() {
  const usage = useUsage();
  const quotas = usage.data?.quotas ?? [];
  return (
    <Card data-testid="account-usage">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 0.5 }}>
          <DataUsageOutlinedIcon color="primary" />
          <Typography variant="h6" component="h2">
            Today&apos;s Usage
          </Typography>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2.5 }}
          data-testid="account-usage-resets"
        >
          {quotas[0]
            ? `Daily limits of your plan. They reset at ${resetTime(quotas[0].resetsAt)}.`
            : 'Daily limits of your plan.'}
        </Typography>
        {usage.isError ? (
          <Stack spacing={1} alignItems="flex-start">
            <Typography>Your usage could not be loaded.</Typography>
            <Button onClick={() => void usage.refetch()}>Try again</Button>
          </Stack>
        ) : (
          <Grid container columnSpacing={4} rowSpacing={2.5}>
            {usage.isPending
              ? Array.from({ length: 4 }, (_, i) => (
                  <Grid key={i} size={{ xs: 12, sm: 6 }}>
                    <Skeleton width="60%" />
                    <Skeleton variant="rounded" height={8} />
                  </Grid>
                ))
              : quotas.map((quota) => (
                  <Grid key={quota.kind} size={{ xs: 12, sm: 6 }}>
                    <Meter quota={quota} />
                  </Grid>
                ))}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
