import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usagePercent } from '../outbound-calls/call-format';
import { useCallUsage } from '../outbound-calls/use-outbound-calls';

/** This month's outgoing calls on the Account page (doc3 §6, §9): asked only on a plan with calls, capped at 100%. */
export function CallUsageBar() {
  const usage = useCallUsage({ enabled: true });
  if (!usage.data) return null;
  const { outgoingCallsThisMonth: used, limit } = usage.data;
  return (
    <Box sx={{ mt: 2 }} data-testid="account-call-usage">
      <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.75 }}>
        <Typography variant="body2" color="text.secondary">
          Outgoing calls this month
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {limit === 'unlimited' ? `${used} · Unlimited` : `${used} of ${limit}`}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={limit === 'unlimited' ? 0 : usagePercent(used, limit)}
        aria-label="Outgoing calls used this month"
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
