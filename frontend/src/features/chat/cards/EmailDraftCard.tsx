import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { useToast } from '../../../components/toast/toast-context';
import { CardFrame } from '../../chat-kit/CardFrame';
import { emailDraftCollapses } from '../../../state/inline-card';

/** An email draft: over 100 characters the message is clamped to three lines with Show more / Show less. */
export function EmailDraftCard({
  subject,
  message,
  context,
  onClose,
}: {
  subject: string;
  message: string;
  context: string;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const collapsible = emailDraftCollapses(message);
  const [expanded, setExpanded] = useState(false);
  const clamped = collapsible && !expanded;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(subject ? `Subject: ${subject}\n\n${message}` : message);
      toast({ title: 'Email Ready', description: 'The draft is on your clipboard.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy the draft. Please copy it manually.',
        variant: 'destructive',
      });
    }
  };

  return (
    <CardFrame
      icon={<EmailOutlinedIcon fontSize="small" />}
      title={subject || 'Email draft'}
      subtitle={context || 'Email draft'}
      onClose={onClose}
      testId="email-draft-card"
    >
      <Typography
        variant="body2"
        data-testid="email-draft-body"
        data-clamped={String(clamped)}
        sx={{
          whiteSpace: 'pre-wrap',
          ...(clamped
            ? { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
            : {}),
        }}
      >
        {message}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }} useFlexGap flexWrap="wrap">
        {collapsible && (
          <Button size="small" onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        )}
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy draft
        </Button>
      </Stack>
    </CardFrame>
  );
}
