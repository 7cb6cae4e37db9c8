import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VoicemailOutlinedIcon from '@mui/icons-material/VoicemailOutlined';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { CallDetailsDialog } from './CallDetailsDialog';
import { PhoneMessageCard } from './PhoneMessageCard';
import {
  ALL_MESSAGES,
  countByStatus,
  filterPhoneMessages,
  PHONE_PRIORITIES,
  PHONE_STATUSES,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type PhoneMessageFilters,
  type PriorityFilter,
  type StatusFilter,
} from './phone-format';
import { usePhoneMessages } from './use-phone-messages';

function Filters({
  filters,
  counts,
  onChange,
}: {
  filters: PhoneMessageFilters;
  counts: Record<StatusFilter, number>;
  onChange: (filters: PhoneMessageFilters) => void;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as StatusFilter })}
        sx={{ flex: 1, maxWidth: 220 }}
      >
        <MenuItem value="all">All ({counts.all})</MenuItem>
        {PHONE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]} ({counts[status]})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Priority"
        value={filters.priority}
        onChange={(e) => onChange({ ...filters, priority: e.target.value as PriorityFilter })}
        sx={{ flex: 1, maxWidth: 220 }}
      >
        <MenuItem value="all">All priorities</MenuItem>
        {PHONE_PRIORITIES.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** Phone Messages (doc2 §2): the calls Jarvis answered, filtered by status and priority, with their details. */
export function PhoneSection() {
  const query = usePhoneMessages();
  const messages = query.data ?? [];
  const [filters, setFilters] = useState<PhoneMessageFilters>(ALL_MESSAGES);
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = filterPhoneMessages(messages, filters);
  // The dialog reads the message from the list, so a status picked there shows at once on both.
  const open = openId ? messages.find((m) => m.id === openId) : undefined;

  return (
    <Box data-testid="section-phone">
      <SectionHeader title="Phone Messages" subtitle="Messages callers left with Jarvis" />
      <LoadedList
        query={query}
        items={messages}
        what="phone messages"
        skeletonHeight={112}
        empty={
          <EmptyState icon={<VoicemailOutlinedIcon fontSize="large" />} title="No phone messages yet">
            <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 480, mx: 'auto' }}>
              When people call your Jarvis number, their messages, transcripts and recordings appear here. Set
              up your number under Settings → Profile → Phone line.
            </Typography>
          </EmptyState>
        }
      >
        {() => (
          <>
            <Filters filters={filters} counts={countByStatus(messages)} onChange={setFilters} />
            {shown.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} data-testid="no-matching-messages">
                <Typography sx={{ mb: 1 }}>No messages match these filters.</Typography>
                <Button onClick={() => setFilters(ALL_MESSAGES)}>Show all messages</Button>
              </Paper>
            ) : (
              <Stack spacing={1.5}>
                <Typography variant="body2" color="text.secondary">
                  {shown.length === messages.length
                    ? `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`
                    : `${shown.length} of ${messages.length} messages`}
                </Typography>
                {shown.map((message) => (
                  <PhoneMessageCard key={message.id} message={message} onOpen={() => setOpenId(message.id)} />
                ))}
              </Stack>
            )}
          </>
        )}
      </LoadedList>
      {open && <CallDetailsDialog key={open.id} message={open} onClose={() => setOpenId(null)} />}
    </Box>
  );
}
