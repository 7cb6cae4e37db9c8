import { useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import GoogleIcon from '@mui/icons-material/Google';
import { GOOGLE_SIGN_IN_URL } from '../../api/auth';
import { browser } from '../../components/browser';
import { JarvisLogo } from '../../components/JarvisLogo';
import { useDocumentTitle } from '../../components/use-document-title';
import { LoginRegisterForm } from './LoginRegisterForm';
import { QuickAccessForm } from './QuickAccessForm';
import { useCurrentUser } from '../../state/use-current-user';

type LoginTab = 'login' | 'quick';

const PERKS = [
  'Chat with memory and spoken replies',
  'Reminders in plain words',
  'Phone messages handled for you',
  'E-mail and calendar in one place',
];

function BrandPanel() {
  return (
    <Box
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: 6,
        color: 'common.white',
        background: `linear-gradient(150deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main})`,
      })}
    >
      <Box
        component={RouterLink}
        to="/"
        sx={{ color: 'inherit', textDecoration: 'none' }}
        aria-label="Jarvis home"
      >
        <JarvisLogo size={36} />
      </Box>
      <Stack spacing={3}>
        <Typography variant="h3" component="p" sx={{ maxWidth: 460 }}>
          Your personal AI assistant, ready when you are.
        </Typography>
        <Stack spacing={1.5}>
          {PERKS.map((perk) => (
            <Stack key={perk} direction="row" spacing={1.5} alignItems="center">
              <CheckCircleOutlineIcon />
              <Typography>{perk}</Typography>
            </Stack>
          ))}
        </Stack>
      </Stack>
      <Typography variant="body2" sx={(theme) => ({ color: alpha(theme.palette.common.white, 0.8) })}>
        Self-hosted. Your data stays yours.
      </Typography>
    </Box>
  );
}

/** The login page: tabs Login/Register and Quick Access, and Sign in with Google (a full redirect). */
export function LoginPage() {
  useDocumentTitle('Sign in — Jarvis');
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<LoginTab>('login');

  if (user) return <Navigate to="/" replace />;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        bgcolor: 'background.default',
      }}
    >
      <BrandPanel />
      <Stack alignItems="center" justifyContent="center" sx={{ p: { xs: 2, sm: 4 } }}>
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: { xs: 'inline-flex', md: 'none' },
              color: 'text.primary',
              textDecoration: 'none',
              mb: 3,
            }}
          >
            <JarvisLogo size={32} />
          </Box>
          <Typography variant="h4" component="h1" gutterBottom>
            Welcome to Jarvis
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in or create an account to meet your assistant.
          </Typography>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              {isLoading ? (
                <Stack alignItems="center" sx={{ py: 6 }}>
                  <CircularProgress aria-label="Loading" />
                </Stack>
              ) : (
                <>
                  <Tabs
                    value={tab}
                    onChange={(_e, v: LoginTab) => setTab(v)}
                    variant="fullWidth"
                    sx={{ mb: 3 }}
                  >
                    <Tab value="login" label="Login/Register" />
                    <Tab value="quick" label="Quick Access" />
                  </Tabs>
                  {tab === 'login' ? <LoginRegisterForm /> : <QuickAccessForm />}
                  <Divider sx={{ my: 3 }}>or</Divider>
                  <Button
                    fullWidth
                    variant="outlined"
                    size="large"
                    startIcon={<GoogleIcon />}
                    onClick={() => browser.assign(GOOGLE_SIGN_IN_URL)}
                  >
                    Sign in with Google
                  </Button>
                </>
              )}
            </CardContent>
          </Card>
          <Typography variant="caption" color="text.secondary" align="center" component="p" sx={{ mt: 2 }}>
            By continuing you will be asked to accept the Terms of Service &amp; Privacy Notice.
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}
