import { Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import type { User } from '@jarvis/contracts';
import { JarvisLogo } from '../../components/JarvisLogo';
import { LazyDrawer } from '../../components/LazyDrawer';
import { lazyNamed } from '../../components/lazy-named';
import { useDocumentTitle, PRODUCT_TITLE } from '../../components/use-document-title';
import { MOBILE_MEDIA_QUERY, SIDEBAR_WIDTH } from '../../theme/theme';
import { needsTermsAcceptance } from '../auth/terms';
import { useOnboarding } from '../onboarding/use-onboarding';
import { DEFAULT_SECTION, SECTION_TITLES, type SectionId } from './sections';
import { SectionView } from './SectionView';
import { SideNav } from './SideNav';

// Shown to few users and rarely: loaded only when needed.
const TermsDialog = lazyNamed(() => import('../auth/TermsDialog'), 'TermsDialog');
const OnboardingTour = lazyNamed(() => import('../onboarding/OnboardingTour'), 'OnboardingTour');

/**
 * The signed-in app: side navigation (320 px, a left drawer under 768 px) and the active section, switched in place.
 * Overlays: the blocking terms dialog, then the onboarding tour.
 */
export function MainApp({ user }: { user: User }) {
  useDocumentTitle(PRODUCT_TITLE);
  const [section, setSection] = useState<SectionId>(DEFAULT_SECTION);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const onboarding = useOnboarding(user);

  const selectSection = (next: SectionId) => {
    setSection(next);
    window.scrollTo?.({ top: 0 });
  };
  const restartTutorial = () => {
    setDrawerOpen(false);
    void onboarding.restart();
  };

  const nav = (
    <SideNav
      user={user}
      activeSection={section}
      onSelectSection={selectSection}
      onRestartTutorial={restartTutorial}
      onClose={isMobile ? () => setDrawerOpen(false) : undefined}
    />
  );

  return (
    <Box
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
      data-testid="main-app"
      data-section={section}
    >
      {isMobile ? (
        <>
          <AppBar
            position="fixed"
            color="inherit"
            elevation={0}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Toolbar sx={{ gap: 1 }}>
              <IconButton edge="start" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
                <MenuIcon />
              </IconButton>
              <JarvisLogo size={28} withName={false} />
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} noWrap>
                {SECTION_TITLES[section]}
              </Typography>
            </Toolbar>
          </AppBar>
          <LazyDrawer
            anchor="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: '100%', maxWidth: '100%' } } }}
          >
            {nav}
          </LazyDrawer>
        </>
      ) : (
        <Box
          component="aside"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {nav}
        </Box>
      )}
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 4 }, pt: isMobile ? 10 : 5, pb: 6 }}
      >
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <SectionView section={section} user={user} />
        </Box>
      </Box>
      <Suspense fallback={null}>
        {needsTermsAcceptance(user) && <TermsDialog open />}
        {onboarding.open && (
          <OnboardingTour key={onboarding.runId} onFinish={() => void onboarding.finish()} />
        )}
      </Suspense>
    </Box>
  );
}
