import { useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../state/use-current-user';
import { ContactSupportForm } from './ContactSupportForm';
import { FaqEntry } from './FaqEntry';
import {
  HELP_FAQS,
  HELP_FEATURES,
  QUICK_START_STEPS,
  searchFaqs,
  searchFeatures,
  searchSummary,
} from './help-content';
import { HelpFeatureCard } from './HelpFeatureCard';

type HelpTab = 'features' | 'faq';

function EmptyResult({ text }: { text: string }) {
  return (
    <Stack alignItems="center" spacing={1} sx={{ py: 6, color: 'text.secondary' }}>
      <SearchOffIcon fontSize="large" />
      <Typography>{text}</Typography>
    </Stack>
  );
}

/** /help: Help & Documentation (doc3 §2). */
export function HelpPage() {
  useDocumentTitle('Help & Documentation — Jarvis');
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const [term, setTerm] = useState(params.get('q') ?? '');
  const [tab, setTab] = useState<HelpTab>(params.get('tab') === 'faq' ? 'faq' : 'features');
  const contactRef = useRef<HTMLDivElement>(null);

  const searching = term.trim().length > 0;
  const features = searchFeatures(HELP_FEATURES, term);
  const faqs = searchFaqs(HELP_FAQS, term);

  const scrollToContact = () => {
    contactRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    contactRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <PublicPageLayout maxWidth="lg">
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          Help &amp; Documentation
        </Typography>
        <Typography color="text.secondary">Everything you need to get the most out of Jarvis.</Typography>
      </Stack>

      <TextField
        fullWidth
        placeholder="Search documentation..."
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': 'Search documentation' },
        }}
        sx={{ mb: 2, '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } }}
      />

      <Tabs
        value={tab}
        onChange={(_e, v: HelpTab) => setTab(v)}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab value="features" label="Features" />
        <Tab value="faq" label="FAQ" />
      </Tabs>

      {searching && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2 }}
          role="status"
          data-testid="help-search-summary"
        >
          {tab === 'features'
            ? searchSummary('features', features.length, term)
            : searchSummary('faq', faqs.length, term)}
        </Typography>
      )}

      {tab === 'features' &&
        (features.length === 0 ? (
          <EmptyResult text="No features found matching your search" />
        ) : (
          <Grid container spacing={2}>
            {features.map((feature) => (
              <Grid key={feature.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <HelpFeatureCard feature={feature} />
              </Grid>
            ))}
          </Grid>
        ))}

      {tab === 'faq' &&
        (faqs.length === 0 ? (
          <EmptyResult text="No FAQs found matching your search" />
        ) : (
          <Stack spacing={1.5}>
            {faqs.map((faq) => (
              <FaqEntry key={faq.id} faq={faq} />
            ))}
          </Stack>
        ))}

      <Grid container spacing={3} sx={{ mt: 4 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Quick Start Guide
              </Typography>
              <Stack spacing={2.5}>
                {QUICK_START_STEPS.map((step, i) => (
                  <Stack key={step.title} direction="row" spacing={2}>
                    <Avatar
                      sx={{ bgcolor: 'primary.main', width: 32, height: 32, fontSize: 15, fontWeight: 700 }}
                    >
                      {i + 1}
                    </Avatar>
                    <Box>
                      <Typography variant="subtitle2">{step.title}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {step.text}
                      </Typography>
                    </Box>
                  </Stack>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%', bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Need More Help?
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.9, mb: 2.5 }}>
                Ask Jarvis directly in chat, or write to our support team.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  component={RouterLink}
                  to="/"
                  variant="contained"
                  color="inherit"
                  startIcon={<ChatBubbleOutlineIcon />}
                  sx={{ color: 'primary.main', bgcolor: 'background.paper' }}
                >
                  Ask in Chat
                </Button>
                <Button
                  variant="outlined"
                  color="inherit"
                  startIcon={<EmailOutlinedIcon />}
                  onClick={scrollToContact}
                >
                  Email Support
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>

      <Box sx={{ mt: 3, scrollMarginTop: 80 }}>
        <ContactSupportForm
          ref={contactRef}
          defaults={
            user
              ? {
                  email: user.email ?? '',
                  name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '',
                }
              : undefined
          }
        />
      </Box>
    </PublicPageLayout>
  );
}
