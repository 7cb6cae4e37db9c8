import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ThumbDownAltOutlinedIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbDownAltIcon from '@mui/icons-material/ThumbDownAlt';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltIcon from '@mui/icons-material/ThumbUpAlt';
import { useToast } from '../../components/toast/toast-context';
import type { HelpFaq } from './help-content';

/** One FAQ entry with thumbs-up / thumbs-down feedback. */
export function FaqEntry({ faq }: { faq: HelpFaq }) {
  const { toast } = useToast();
  const [vote, setVote] = useState<'up' | 'down' | null>(null);
  const give = (value: 'up' | 'down') => {
    setVote(value);
    toast({
      title: 'Thanks for your feedback!',
      description: value === 'up' ? 'Glad this helped.' : 'We will work on making this answer clearer.',
    });
  };
  return (
    <Accordion
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&:before': { display: 'none' } }}
      data-testid="faq-entry"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>{faq.question}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {faq.answer}
        </Typography>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Was this helpful?
          </Typography>
          <Tooltip title="Yes, this helped">
            <IconButton
              size="small"
              aria-label="This answer helped"
              aria-pressed={vote === 'up'}
              color={vote === 'up' ? 'primary' : 'default'}
              onClick={() => give('up')}
            >
              {vote === 'up' ? (
                <ThumbUpAltIcon fontSize="small" />
              ) : (
                <ThumbUpAltOutlinedIcon fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          <Tooltip title="No, this did not help">
            <IconButton
              size="small"
              aria-label="This answer did not help"
              aria-pressed={vote === 'down'}
              color={vote === 'down' ? 'primary' : 'default'}
              onClick={() => give('down')}
            >
              {vote === 'down' ? (
                <ThumbDownAltIcon fontSize="small" />
              ) : (
                <ThumbDownAltOutlinedIcon fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
