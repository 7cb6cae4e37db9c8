import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import type { CallLog } from '@jarvis/contracts';
import { LoadedList } from '../../components/LoadedList';
import { formatCallTime, formatPhoneNumber } from '../phone/phone-format';
import { PRIORITY_COLORS, RECENT_LOGS_SHOWN, scenarioLabel, usagePercent } from './call-format';
import { CallLogDialog, CallStatusChip } from './CallLogDialog';
import { OutboundCallForm } from './OutboundCallForm';
import { useCallQueue } from './use-call-queue';
import { useCallLogs, useCallUsage } from './use-outbound-calls';

function QuietPaper({ children, testId }: { children: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Paper>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Queue Status (doc3 §2): Total Queued and Processing yes/no, and this month's calls when the plan has calls. */
function QueueStatusCard({ canCall }: { canCall: boolean }) {
  const queue = useCallQueue({ screen: 'outbound' });
  const usage = useCallUsage({ enabled: canCall });
  const used = usage.data?.outgoingCallsThisMonth ?? 0;
  const limit = usage.data?.limit;
  return (
    <Card component="section" aria-label="Queue Status">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Queue Status
        </Typography>
        <Stack direction="row" spacing={2}>
          <Stat
            label="Total Queued"
            value={queue.data ? String(queue.data.totalQueued) : '–'}
            testId="total-queued"
          />
          <Stat
            label="Processing"
            value={queue.data ? (queue.data.isProcessing ? 'Yes' : 'No') : '–'}
            testId="queue-processing"
          />
        </Stack>
        {canCall && limit !== undefined && (
          <Box sx={{ mt: 2 }} data-testid="call-usage">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
              {limit === 'unlimited'
                ? `${used} calls this month · unlimited`
                : `${used} of ${limit} calls used this month`}
            </Typography>
            {limit !== 'unlimited' && (
              <LinearProgress
                variant="determinate"
                value={usagePercent(used, limit)}
                sx={{ height: 6, borderRadius: 3 }}
              />
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function PendingCalls() {
  const queue = useCallQueue({ screen: 'outbound' });
  const pending = (queue.data?.queue ?? []).filter(
    (call) => call.status === 'pending' || call.status === 'calling',
  );
  return (
    <Box component="section" aria-label="Pending Calls">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5 }}>
        <HourglassEmptyOutlinedIcon color="primary" fontSize="small" />
        <Typography variant="h6" component="h2">
          Pending Calls
        </Typography>
      </Stack>
      <LoadedList
        query={queue}
        items={pending}
        what="pending calls"
        skeletons={2}
        skeletonHeight={56}
        empty={<QuietPaper testId="no-pending-calls">No calls waiting.</QuietPaper>}
      >
        {(calls) => (
          <Stack spacing={1}>
            {calls.map((call) => (
              <Paper
                key={call.id}
                variant="outlined"
                data-testid="pending-call"
                sx={{
                  p: 1.5,
                  borderRadius: 2,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  flexWrap: 'wrap',
                }}
              >
                <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{formatPhoneNumber(call.phoneNumber)}</Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {scenarioLabel(call.scenario)} · {formatCallTime(call.createdAt)}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={call.priority}
                  color={PRIORITY_COLORS[call.priority] ?? 'default'}
                  data-testid="priority-badge"
                  sx={{ textTransform: 'capitalize' }}
                />
                <CallStatusChip status={call.status} />
              </Paper>
            ))}
          </Stack>
        )}
      </LoadedList>
    </Box>
  );
}

function RecentCallLogs() {
  const logs = useCallLogs();
  const [open, setOpen] = useState<CallLog | null>(null);
  const recent = (logs.data ?? []).slice(0, RECENT_LOGS_SHOWN);
  return (
    <Box component="section" aria-label="Recent Call Logs">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5 }}>
        <HistoryOutlinedIcon color="primary" fontSize="small" />
        <Typography variant="h6" component="h2">
          Recent Call Logs
        </Typography>
      </Stack>
      <LoadedList
        query={logs}
        items={recent}
        what="call logs"
        skeletons={3}
        skeletonHeight={56}
        empty={<QuietPaper testId="no-call-logs">No calls yet. Calls you queue appear here.</QuietPaper>}
      >
        {(items) => (
          <Stack spacing={1}>
            {items.map((log) => (
              <Card key={log.id} variant="outlined" sx={{ borderRadius: 2 }} data-testid="call-log">
                <CardActionArea onClick={() => setOpen(log)} sx={{ p: 1.5 }}>
                  <Stack direction="row" spacing={1.5} alignItems="center">
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{formatPhoneNumber(log.phoneNumber)}</Typography>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {scenarioLabel(log.scenario)} · {formatCallTime(log.createdAt)}
                      </Typography>
                    </Box>
                    <CallStatusChip status={log.status} />
                  </Stack>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        )}
      </LoadedList>
      {open && (
        <CallLogDialog
          key={open.id}
          log={logs.data?.find((log) => log.id === open.id) ?? open}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}

/** Manual Calls (doc3 §2): queue status, the form, pending calls and the ten most recent logs. */
export function ManualCallsTab({ canCall }: { canCall: boolean }) {
  return (
    <Stack spacing={3}>
      <QueueStatusCard canCall={canCall} />
      <OutboundCallForm canCall={canCall} />
      <PendingCalls />
      <RecentCallLogs />
    </Stack>
  );
}
