import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { TERMS_LAST_UPDATED } from './terms';
import { useAcceptTerms } from '../../state/use-current-user';

const SECTIONS: { heading: string; body: string }[] = [
  {
    heading: '1. What Jarvis does',
    body: 'Jarvis is a personal AI assistant. It holds conversations with you, remembers what you tell it, sets reminders, answers and places phone calls for you, reads your connected e-mail and calendar, and speaks its replies aloud. AI answers can be wrong: check anything important before you rely on it.',
  },
  {
    heading: '2. Your data',
    body: 'We keep your messages, memories, reminders, phone messages, contacts and settings so the assistant can help you. Your data is used only to provide the service to you; it is never sold. You can delete conversations, memories and other items at any time, and ask us to delete your account.',
  },
  {
    heading: '3. Third-party providers',
    body: 'To do its work Jarvis sends the data a feature needs to these providers, under their own terms and privacy policies: AI model providers (to understand and answer your messages and images), text-to-speech (to speak replies and, if you choose, clone your voice), a phone service (to answer, record and place calls and send text messages), and a calendar provider (to read and sync your calendar events). Connected e-mail and payment providers are used only when you connect or subscribe.',
  },
  {
    heading: '4. Calls and recordings',
    body: 'When Jarvis answers or places a call for you it may record and transcribe the call. You are responsible for telling the people you call when the law where you or they live requires consent to record.',
  },
  {
    heading: '5. Acceptable use',
    body: 'Do not use Jarvis to harass anyone, to place unwanted or unlawful calls or messages, or to break the law. We may suspend accounts that do.',
  },
  {
    heading: '6. Plans and billing',
    body: 'Free, Premium and Enterprise plans are billed monthly through our payment provider. You can cancel anytime and keep access until the end of the billing period.',
  },
];

/** The blocking 'Terms of Service & Privacy Notice' dialog: no close, Accept only once the box is ticked. */
export function TermsDialog({ open }: { open: boolean }) {
  const [agreed, setAgreed] = useState(false);
  const acceptTerms = useAcceptTerms();
  const saving = acceptTerms.isPending;
  // The dialog stays open (doc3 §8); tell the user why nothing happened.
  const failed = acceptTerms.isError;

  const accept = async () => {
    try {
      await acceptTerms.mutateAsync();
    } catch (error) {
      console.error('Accepting the terms failed', error);
    }
  };

  return (
    <Dialog
      open={open}
      maxWidth="sm"
      fullWidth
      disableEscapeKeyDown
      aria-labelledby="terms-title"
      slotProps={{
        paper: {
          sx: { m: { xs: 1.5, sm: 4 }, maxHeight: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      <DialogTitle id="terms-title" sx={{ pb: 0.5 }}>
        Terms of Service &amp; Privacy Notice
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1.5 }}>
        Last updated: {TERMS_LAST_UPDATED}
      </Typography>
      <DialogContent dividers>
        {SECTIONS.map((section) => (
          <Box key={section.heading} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" gutterBottom>
              {section.heading}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {section.body}
            </Typography>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1.5, px: 3, py: 2 }}>
        {failed && <Alert severity="error">We could not record your acceptance. Please try again.</Alert>}
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
          label="I have read and agree to the Terms of Service and Privacy Notice"
          sx={{ ml: 0 }}
        />
        <Button
          variant="contained"
          size="large"
          disabled={!agreed || saving}
          onClick={() => void accept()}
          sx={{ ml: '0 !important' }}
        >
          {saving ? 'Saving...' : 'Accept and Continue'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
