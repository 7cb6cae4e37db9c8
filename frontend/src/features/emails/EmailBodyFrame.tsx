import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { EmailMessage } from '../../api/mail';
import { emailDocument } from './email-body';

/**
 * The body of one message. The server sends sanitised HTML with remote images left out until asked for; it goes into
 * a frame whose sandbox has no allow-scripts (and no allow-same-origin), so nothing in a message runs or reaches the
 * app. Plain text shows as text.
 */
export function EmailBodyFrame({
  message,
  showImages,
  loadingImages,
  onShowImages,
}: {
  message: Pick<EmailMessage, 'body' | 'bodyFormat' | 'remoteImagesBlocked' | 'subject'>;
  showImages: boolean;
  loadingImages: boolean;
  onShowImages: () => void;
}) {
  const html = message.bodyFormat === 'html';
  const srcDoc = useMemo(
    () => (html ? emailDocument(message.body, { showImages }) : ''),
    [message.body, html, showImages],
  );

  if (!html) {
    return (
      <Typography
        component="div"
        data-testid="email-text-body"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          p: 2,
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        {message.body.trim() || 'This message has no text.'}
      </Typography>
    );
  }
  const blocked = message.remoteImagesBlocked;
  return (
    <Box>
      {blocked > 0 && !showImages && (
        <Alert
          severity="info"
          sx={{ mb: 1.5, alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={loadingImages}
              onClick={onShowImages}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Show images
            </Button>
          }
        >
          {blocked === 1
            ? '1 image in this message is hidden to protect your privacy.'
            : `${blocked} images in this message are hidden to protect your privacy.`}
        </Alert>
      )}
      <Box
        component="iframe"
        title={`Message: ${message.subject || '(no subject)'}`}
        data-testid="email-body-frame"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: '65vh', md: '60vh' },
          minHeight: 320,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'common.white',
        }}
      />
    </Box>
  );
}
