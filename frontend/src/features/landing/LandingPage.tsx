import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { JarvisLogo } from '../../components/JarvisLogo';
import { PRODUCT_TITLE, useDocumentTitle } from '../../components/use-document-title';
import { HeroPreview } from './HeroPreview';
import { LANDING_FEATURES } from './landing-content';
import { PricingPlans } from './PricingPlans';

function SectionTitle({ overline, title, text }: { overline: string; title: string; text: string }) {
  return (
    <Stack
      spacing={1.5}
      alignItems="center"
      textAlign="center"
      sx={{ mb: { xs: 4, md: 6 }, maxWidth: 680, mx: 'auto' }}
    >
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
        {overline}
      </Typography>
      <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: { md: 18 } }}>
        {text}
      </Typography>
    </Stack>
  );
}

/** The public landing page for visitors (and while the user loads): explains the product and leads to sign-in. */
export function LandingPage({ loading = false }: { loading?: boolean }) {
  useDocumentTitle(PRODUCT_TITLE);
  return (
    <Box
      sx={{ bgcolor: 'background.default', minHeight: '100vh' }}
      data-testid="landing-page"
      aria-busy={loading}
    >
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={(theme) => ({
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: alpha(theme.palette.background.paper, 0.85),
          backdropFilter: 'blur(8px)',
        })}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 3 } }}>
            <Box sx={{ flexGrow: 1 }}>
              <JarvisLogo size={32} />
            </Box>
            <Stack direction="row" spacing={3} sx={{ display: { xs: 'none', md: 'flex' } }}>
              <Link href="#features" color="text.secondary" underline="hover">
                Features
              </Link>
              <Link href="#pricing" color="text.secondary" underline="hover">
                Pricing
              </Link>
              <Link component={RouterLink} to="/help" color="text.secondary" underline="hover">
                Help
              </Link>
            </Stack>
            <Button
              component={RouterLink}
              to="/login"
              color="inherit"
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              Log in
            </Button>
            <Button component={RouterLink} to="/login" variant="contained">
              Sign In
            </Button>
          </Toolbar>
        </Container>
      </AppBar>

      <Box
        component="header"
        sx={(theme) => ({
          background: `radial-gradient(1000px 500px at 85% -10%, ${alpha(theme.palette.secondary.main, 0.16)}, transparent), radial-gradient(900px 500px at -10% 10%, ${alpha(theme.palette.primary.main, 0.16)}, transparent)`,
        })}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 12 } }}>
          <Grid container spacing={{ xs: 6, md: 8 }} alignItems="center">
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={3}>
                <Typography
                  variant="overline"
                  color="primary"
                  sx={{ fontWeight: 700, letterSpacing: '0.12em' }}
                >
                  Your personal AI assistant
                </Typography>
                <Typography
                  variant="h1"
                  sx={{ fontSize: { xs: '2.4rem', sm: '3.2rem', md: '3.8rem' }, lineHeight: 1.08 }}
                >
                  Meet Jarvis. It listens, remembers and gets things done.
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: { xs: 17, md: 19 }, maxWidth: 540 }}>
                  Chat or talk hands-free with an assistant that remembers you, sets your reminders, answers
                  your phone, tidies your inbox and keeps your calendar — all in one place you can host
                  yourself.
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <Button
                    component={RouterLink}
                    to="/login"
                    variant="contained"
                    size="large"
                    endIcon={<ArrowForwardIcon />}
                    sx={{ px: 3.5, py: 1.4 }}
                  >
                    Get Started Free
                  </Button>
                  <Button href="#features" variant="outlined" size="large" sx={{ px: 3.5, py: 1.4 }}>
                    See what it can do
                  </Button>
                </Stack>
                <Stack direction="row" spacing={1} alignItems="center" color="text.secondary">
                  <LockOutlinedIcon fontSize="small" />
                  <Typography variant="body2">
                    Free plan, no credit card. Your conversations stay private.
                  </Typography>
                </Stack>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <HeroPreview />
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container
        maxWidth="lg"
        component="section"
        id="features"
        sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
      >
        <SectionTitle
          overline="Features"
          title="One assistant for your whole day"
          text="From the first alarm to the last e-mail, Jarvis keeps track so you don't have to."
        />
        <Grid container spacing={3}>
          {LANDING_FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    sx={(theme) => ({
                      width: 48,
                      height: 48,
                      borderRadius: 3,
                      display: 'grid',
                      placeItems: 'center',
                      color: 'primary.main',
                      bgcolor: alpha(theme.palette.primary.main, 0.12),
                      mb: 2,
                    })}
                  >
                    {feature.icon}
                  </Box>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box
        component="section"
        id="pricing"
        sx={{
          py: { xs: 8, md: 12 },
          bgcolor: 'background.paper',
          borderTop: 1,
          borderBottom: 1,
          borderColor: 'divider',
          scrollMarginTop: 64,
        }}
      >
        <Container maxWidth="lg">
          <SectionTitle
            overline="Pricing"
            title="Simple plans, cancel anytime"
            text="Start free. Upgrade when you want Jarvis to handle calls and e-mail for you."
          />
          <PricingPlans />
        </Container>
      </Box>

      <Container maxWidth="md" component="section" sx={{ py: { xs: 8, md: 12 } }}>
        <Box
          sx={(theme) => ({
            p: { xs: 4, md: 6 },
            borderRadius: 5,
            textAlign: 'center',
            color: 'primary.contrastText',
            background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          })}
        >
          <Typography variant="h4" component="h2" gutterBottom>
            Ready to meet your assistant?
          </Typography>
          <Typography sx={{ opacity: 0.9, mb: 3 }}>
            Create a free account in seconds, or jump in with just a username.
          </Typography>
          <Button
            component={RouterLink}
            to="/login"
            variant="contained"
            size="large"
            color="inherit"
            sx={{ color: 'primary.main', bgcolor: 'background.paper', px: 4 }}
          >
            Sign in to Jarvis
          </Button>
        </Box>
      </Container>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4 }}>
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            justifyContent="space-between"
            alignItems={{ xs: 'flex-start', sm: 'center' }}
          >
            <Stack direction="row" spacing={1.5} alignItems="center">
              <JarvisLogo size={24} withName={false} />
              <Typography variant="body2" color="text.secondary">
                © {new Date().getFullYear()} Jarvis. Your personal AI assistant.
              </Typography>
            </Stack>
            <Stack direction="row" spacing={3}>
              <Link
                component={RouterLink}
                to="/help"
                color="text.secondary"
                underline="hover"
                variant="body2"
              >
                Help &amp; Documentation
              </Link>
              <Link
                component={RouterLink}
                to="/shared"
                color="text.secondary"
                underline="hover"
                variant="body2"
              >
                Share
              </Link>
              <Link
                component={RouterLink}
                to="/login"
                color="text.secondary"
                underline="hover"
                variant="body2"
              >
                Sign in
              </Link>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
