import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { Contact } from '@jarvis/contracts';

/** Up to two initials for the avatar: 'Ann Smith' → 'AS'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase();
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ minWidth: 0, color: 'text.secondary' }}>
      <Box sx={{ display: 'flex', flexShrink: 0, pt: '1px' }}>{icon}</Box>
      <Typography variant="body2" color="text.primary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One contact: name, phone number, e-mail if any, notes clamped to 2 lines (doc2 §2, §9); Edit and Delete. */
export function ContactCard({
  contact,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card data-testid="contact-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1.5, minWidth: 0 }}>
          <Avatar aria-hidden sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '1rem' }}>
            {initialsOf(contact.name)}
          </Avatar>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {contact.name}
          </Typography>
        </Stack>
        <Stack spacing={0.75}>
          <Detail icon={<PhoneOutlinedIcon fontSize="small" />}>{contact.phone_number}</Detail>
          {contact.email && <Detail icon={<EmailOutlinedIcon fontSize="small" />}>{contact.email}</Detail>}
          {contact.notes && (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="contact-notes"
              title={contact.notes}
              sx={{
                pt: 0.5,
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {contact.notes}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5, justifyContent: 'flex-end' }}>
        <Button
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          aria-label={`Edit ${contact.name}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          aria-label={`Delete ${contact.name}`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
