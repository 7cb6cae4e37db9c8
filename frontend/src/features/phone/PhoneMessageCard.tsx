import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PhoneCallbackOutlinedIcon from '@mui/icons-material/PhoneCallbackOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import type { PhoneMessage } from '@jarvis/contracts';
import {
  callerLabel,
  formatCallTime,
  formatDuration,
  formatPhoneNumber,
  messageTypeLabel,
  priorityBadge,
  STATUS_COLORS,
  STATUS_LABELS,
  transcriptPreview,
} from './phone-format';

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Stack>
  );
}

export function StatusChip({ status }: { status: PhoneMessage['status'] }) {
  const color = STATUS_COLORS[status] ?? 'default';
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status] ?? status}
      color={color}
      variant={status === 'new' ? 'filled' : 'outlined'}
      data-testid="status-chip"
    />
  );
}

export function PriorityChip({ priority }: { priority: string | null | undefined }) {
  const badge = priorityBadge(priority);
  if (!badge) return null;
  return (
    <Chip
      size="small"
      label={badge.label}
      color={badge.color}
      variant={badge.variant}
      data-testid="priority-badge"
    />
  );
}

/**
 * One call in the list: who called, when (New York time), how long, what kind of message, its priority when not
 * normal, the start of the transcript and the status. A new message stands out by its avatar and bold name.
 */
export function PhoneMessageCard({ message, onOpen }: { message: PhoneMessage; onOpen: () => void }) {
  const caller = callerLabel(message);
  const number = formatPhoneNumber(message.caller_number);
  const time = formatCallTime(message.created_at);
  const preview = transcriptPreview(message.transcript);
  const isNew = message.status === 'new';

  return (
    <Card
      variant="outlined"
      data-testid="phone-message-card"
      data-status={message.status}
      sx={{ borderRadius: 3 }}
    >
      <CardActionArea
        onClick={onOpen}
        aria-label={`Call from ${caller}, ${time}, ${STATUS_LABELS[message.status] ?? message.status}`}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <Stack direction="row" spacing={1.5} alignItems="flex-start">
          <Avatar
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              bgcolor: isNew ? 'primary.main' : 'action.selected',
              color: isNew ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            <PhoneCallbackOutlinedIcon fontSize="small" />
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="subtitle1"
                  component="h2"
                  sx={{ fontWeight: isNew ? 700 : 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
                >
                  {caller}
                </Typography>
                {message.caller_name?.trim() && number && (
                  <Typography variant="body2" color="text.secondary">
                    {number}
                  </Typography>
                )}
              </Box>
              <StatusChip status={message.status} />
            </Stack>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              flexWrap="wrap"
              alignItems="center"
              sx={{ mt: 1 }}
            >
              <Meta icon={<AccessTimeIcon sx={{ fontSize: 16 }} />}>{time}</Meta>
              <Meta icon={<TimerOutlinedIcon sx={{ fontSize: 16 }} />}>
                <span data-testid="call-duration">{formatDuration(message.duration)}</span>
              </Meta>
              <Stack direction="row" spacing={0.75} alignItems="center">
                {/* An urgent call with urgent priority shows one 'Urgent', not two. */}
                {!(message.message_type === 'urgent' && message.priority === 'urgent') && (
                  <Chip size="small" variant="outlined" label={messageTypeLabel(message.message_type)} />
                )}
                <PriorityChip priority={message.priority} />
              </Stack>
            </Stack>
            <Typography
              variant="body2"
              color={preview ? 'text.primary' : 'text.secondary'}
              data-testid="transcript-preview"
              sx={{
                mt: 1,
                fontStyle: preview ? 'normal' : 'italic',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {preview || 'No transcript'}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
