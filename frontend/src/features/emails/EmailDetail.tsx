import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ReportGmailerrorredOutlinedIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import UnsubscribeOutlinedIcon from '@mui/icons-material/UnsubscribeOutlined';
import { statusOf } from '../../api/client';
import type { EmailOperation } from '../../api/mail';
import { LoadFailed } from '../../components/ListStates';
import { useToast } from '../../components/toast/toast-context';
import { EmailBodyFrame } from './EmailBodyFrame';
import { MailExpiredNotice } from './MailExpiredNotice';
import { EMAIL_OPERATION_TEXTS } from './email-management';
import { isMailConnectionExpired } from './mail-errors';
import { fullMailDate, senderName } from './mail-format';
import { useEmailMessage } from './use-emails';
import { useManageEmail } from './use-email-status';

const OPERATION_ICONS: Record<EmailOperation, ReactNode> = {
  unsubscribe: <UnsubscribeOutlinedIcon />,
  spam: <ReportGmailerrorredOutlinedIcon />,
  trash: <DeleteOutlineIcon />,
  delete: <DeleteForeverOutlinedIcon />,
};
const OPERATIONS: EmailOperation[] = ['unsubscribe', 'spam', 'trash', 'delete'];

/** One opened message: who, when, the actions of doc1 (plan-gated by the server) and the sandboxed body. */
export function EmailDetail({ messageId, onBack }: { messageId: string; onBack: () => void }) {
  const [showImages, setShowImages] = useState(false);
  const query = useEmailMessage(messageId, { showImages });
  const manage = useManageEmail();
  const { toast } = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = async (op: EmailOperation) => {
    setConfirmDelete(false);
    const outcome = await manage.mutateAsync({ messageId, op });
    if (outcome.openUrl) window.open(outcome.openUrl, '_blank', 'noopener,noreferrer');
    toast(outcome.toast);
    if (outcome.ok && op !== 'unsubscribe') onBack();
  };

  const back = (
    <Button
      startIcon={<ArrowBackIcon />}
      onClick={onBack}
      sx={{ alignSelf: 'flex-start', mb: 1, display: { md: 'none' } }}
    >
      Back to inbox
    </Button>
  );

  if (query.isPending)
    return (
      <Stack spacing={1.5} data-testid="email-detail-loading" aria-busy>
        {back}
        <Skeleton variant="text" width="70%" height={36} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  if (query.isError) {
    let failure: ReactNode = <LoadFailed what="email" onRetry={() => void query.refetch()} />;
    if (isMailConnectionExpired(query.error)) failure = <MailExpiredNotice />;
    else if (statusOf(query.error) === 404)
      failure = (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography>Email not found.</Typography>
        </Paper>
      );
    return (
      <Stack>
        {back}
        {failure}
      </Stack>
    );
  }

  const message = query.data;
  return (
    <Stack spacing={2} data-testid="email-detail" sx={{ minWidth: 0 }}>
      {back}
      <Typography
        variant="h5"
        component="h2"
        sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
      >
        {message.subject || '(no subject)'}
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        alignItems="flex-start"
        justifyContent="space-between"
        flexWrap="wrap"
        useFlexGap
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {senderName(message.from)}
            {message.from.name && message.from.email && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                &lt;{message.from.email}&gt;
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fullMailDate(message.date)}
          </Typography>
        </Box>
        {message.hasAttachments && (
          <Chip size="small" icon={<AttachFileIcon />} label="Attachments" variant="outlined" />
        )}
      </Stack>
      <Box
        role="group"
        aria-label="Email actions"
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, max-content)' },
        }}
      >
        {OPERATIONS.map((op) => (
          <Button
            key={op}
            size="small"
            variant="outlined"
            color={op === 'delete' ? 'error' : 'inherit'}
            startIcon={OPERATION_ICONS[op]}
            disabled={manage.isPending}
            onClick={() => (op === 'delete' ? setConfirmDelete(true) : void run(op))}
          >
            {EMAIL_OPERATION_TEXTS[op].label}
          </Button>
        ))}
      </Box>
      <Divider />
      <EmailBodyFrame
        message={message}
        showImages={showImages}
        loadingImages={query.isPlaceholderData}
        onShowImages={() => setShowImages(true)}
      />
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby="delete-email-title"
      >
        <DialogTitle id="delete-email-title">Delete this email forever?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The message is deleted permanently from Gmail, without passing through Trash. This cannot be
            undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void run('delete')}>
            Delete forever
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
