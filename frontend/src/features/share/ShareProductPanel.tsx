import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LinkIcon from '@mui/icons-material/Link';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useToast } from '../../components/toast/toast-context';
import { invitationMailto, SHARE_BENEFITS, SHARE_COPY_CONFIRMATION_MS } from './share-invitation';

/** Share-the-product: the site's own link with copy, an e-mail invitation and the benefits. */
export function ShareProductPanel() {
  const { toast } = useToast();
  const origin = window.location.origin;
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(origin);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), SHARE_COPY_CONFIRMATION_MS);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the link and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Invite your friends to Jarvis
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Share this link with anyone who would like a personal AI assistant.
          </Typography>
          <Paper
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 0.5, py: 0.5, borderRadius: 2 }}
          >
            <LinkIcon color="action" />
            <Link
              href={origin}
              target="_blank"
              rel="noopener noreferrer"
              underline="hover"
              sx={{
                flexGrow: 1,
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                fontWeight: 600,
              }}
            >
              {origin}
            </Link>
            <Tooltip title={copied ? 'Copied!' : 'Copy link'}>
              <IconButton
                aria-label="Copy link"
                onClick={() => void copy()}
                color={copied ? 'success' : 'default'}
              >
                {copied ? <CheckIcon /> : <ContentCopyIcon />}
              </IconButton>
            </Tooltip>
          </Paper>
          <Box sx={{ minHeight: 24, mt: 1 }}>
            {copied && (
              <Typography variant="body2" color="success.main" role="status">
                Link copied to clipboard!
              </Typography>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="contained" startIcon={<EmailOutlinedIcon />} href={invitationMailto(origin)}>
              Send Email Invitation
            </Button>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {copied ? 'Copied!' : 'Copy Link'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            What your friends get
          </Typography>
          <Grid container spacing={2}>
            {SHARE_BENEFITS.map((benefit) => (
              <Grid key={benefit.title} size={{ xs: 12, sm: 6 }}>
                <Stack direction="row" spacing={1.5}>
                  <TaskAltIcon color="primary" sx={{ mt: 0.25 }} />
                  <Box>
                    <Typography variant="subtitle2">{benefit.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {benefit.text}
                    </Typography>
                  </Box>
                </Stack>
              </Grid>
            ))}
          </Grid>
        </CardContent>
      </Card>
    </Stack>
  );
}
