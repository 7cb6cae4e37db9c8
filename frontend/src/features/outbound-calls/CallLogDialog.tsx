import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { CallLog } from '@jarvis/contracts';
import { callLogRecordingUrl } from '../../api/outbound-calls';
import { DetailSection, Fact, RecordingPlayer } from '../../components/DetailParts';
import { useToast } from '../../components/toast/toast-context';
import { formatCallTime, formatPhoneNumber } from '../phone/phone-format';
import { CALL_STATUS, minutesAndSeconds, scenarioLabel, shortCallId } from './call-format';
import { useDeleteCallLog } from './use-outbound-calls';

/** doc3 §4: a pending call carries a clock, one being placed a spinner. */
function statusIcon(status: string) {
  if (status === 'pending') return <ScheduleIcon data-testid="call-status-clock" />;
  if (status === 'processing' || status === 'calling')
    return <CircularProgress size={12} color="inherit" data-testid="call-status-spinner" aria-hidden />;
  return undefined;
}

export function CallStatusChip({ status }: { status: keyof typeof CALL_STATUS }) {
  const { label, color } = CALL_STATUS[status] ?? { label: status, color: 'default' as const };
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      icon={statusIcon(status)}
      data-testid="call-status"
      sx={{ '& .MuiChip-icon.MuiCircularProgress-root': { ml: 0.75, mr: -0.25 } }}
    />
  );
}

/**
 * Call Details (doc3 §2): status, duration in minutes and seconds, time, the call id cut to 8 characters, the error,
 * the recording and the transcript, a note when a completed call has neither, and Close / Delete Call.
 */
export function CallLogDialog({ log, onClose }: { log: CallLog; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const remove = useDeleteCallLog({
    onSuccess: () => {
      toast({ title: 'Call Deleted', variant: 'success' });
      onClose();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete call', variant: 'destructive' }),
  });
  const hasTranscript = Boolean(log.transcript?.trim());
  const hasRecording = Boolean(log.recordingUrl);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="call-log-title"
    >
      <DialogTitle id="call-log-title">Call Details</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Fact label="Status">
                <CallStatusChip status={log.status} />
              </Fact>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Fact label="Duration">{minutesAndSeconds(log.duration)}</Fact>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Fact label="Call ID">
                <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="call-id">
                  {shortCallId(log.callSid ?? log.id)}
                </Box>
              </Fact>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Fact label="Phone Number">{formatPhoneNumber(log.phoneNumber)}</Fact>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <Fact label="Type">{scenarioLabel(log.scenario)}</Fact>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Fact label="Time">{formatCallTime(log.createdAt)}</Fact>
            </Grid>
          </Grid>
          {log.errorMessage && (
            <Alert severity="error" data-testid="call-error">
              {log.errorMessage}
            </Alert>
          )}
          {hasRecording && (
            <DetailSection title="Recording">
              <RecordingPlayer src={callLogRecordingUrl(log.id)} testId="call-recording" />
            </DetailSection>
          )}
          {hasTranscript && (
            <DetailSection title="Transcript">
              <Paper
                variant="outlined"
                data-testid="call-transcript"
                sx={{
                  p: 1.5,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                  borderColor: 'transparent',
                  maxHeight: 320,
                  overflow: 'auto',
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {log.transcript}
                </Typography>
              </Paper>
            </DetailSection>
          )}
          {log.status === 'completed' && !hasTranscript && !hasRecording && (
            <Alert severity="info" data-testid="no-recording-note">
              This call completed without a recording or a transcript.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="error" onClick={() => remove.mutate(log.id)} disabled={remove.isPending}>
          Delete Call
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
