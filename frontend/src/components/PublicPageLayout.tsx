import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { JarvisLogo } from './JarvisLogo';

/** A stand-alone page (routes outside the main app): a slim top bar with the logo and a way back. */
export function PublicPageLayout({
  children,
  backLabel = 'Back to Chat',
  backTo = '/',
  maxWidth = 'md',
  actions,
}: {
  children: ReactNode;
  backLabel?: string;
  backTo?: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{ color: 'text.primary', textDecoration: 'none', flexGrow: 1 }}
            aria-label="Jarvis home"
          >
            <JarvisLogo size={30} />
          </Box>
          {actions}
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} color="inherit">
            {backLabel}
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth={maxWidth} component="main" sx={{ py: { xs: 3, sm: 5 }, flexGrow: 1 }}>
        {children}
      </Container>
    </Box>
  );
}
