import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import type { MailSummary } from '@jarvis/contracts';
import { decodeEntities, isUnread, senderName, shortMailDate } from './mail-format';

/** One row of the inbox: sender, date, subject and snippet; unread rows in bold. */
export function EmailListItem({
  message,
  selected,
  onOpen,
}: {
  message: MailSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const unread = isUnread(message);
  const name = senderName(message.from);
  const weight = unread ? 700 : 400;
  return (
    <ListItemButton
      selected={selected}
      onClick={onOpen}
      data-testid="email-row"
      data-unread={unread || undefined}
      aria-label={`${unread ? 'Unread. ' : ''}${name}: ${message.subject || '(no subject)'}`}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar
        sx={{
          width: 36,
          height: 36,
          fontSize: 16,
          bgcolor: unread ? 'primary.main' : 'action.selected',
          color: unread ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} alignItems="baseline">
          <Typography noWrap sx={{ fontWeight: weight, flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          {message.hasAttachments && (
            <AttachFileIcon
              fontSize="inherit"
              aria-label="Has attachments"
              sx={{ color: 'text.secondary', alignSelf: 'center' }}
            />
          )}
          <Typography
            variant="caption"
            color={unread ? 'primary' : 'text.secondary'}
            sx={{ flexShrink: 0, fontWeight: weight }}
          >
            {shortMailDate(message.date)}
          </Typography>
        </Stack>
        <Typography variant="body2" noWrap sx={{ fontWeight: weight }}>
          {message.subject || '(no subject)'}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {decodeEntities(message.snippet)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}
