import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { emailDocument, hasRemoteImages, isHtmlBody } from './email-body';

/**
 * The body of one message. HTML goes into a frame whose sandbox has no allow-scripts (and no allow-same-origin), so
 * nothing in a message runs or reaches the app; remote images wait for 'Show images'. Plain text shows as text.
 */
export function EmailBodyFrame({ body, subject }: { body: string; subject: string }) {
  const [showImages, setShowImages] = useState(false);
  const html = isHtmlBody(body);
  const remote = html && hasRemoteImages(body);
  const srcDoc = useMemo(() => (html ? emailDocument(body, { showImages }) : ''), [body, html, showImages]);

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
        {body.trim() || 'This message has no text.'}
      </Typography>
    );
  }
  return (
    <Box>
      {remote && !showImages && (
        <Alert
          severity="info"
          sx={{ mb: 1.5, alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setShowImages(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Show images
            </Button>
          }
        >
          Images in this message are hidden to protect your privacy.
        </Alert>
      )}
      <Box
        component="iframe"
        key={showImages ? 'images' : 'no-images'}
        title={`Message: ${subject || '(no subject)'}`}
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
