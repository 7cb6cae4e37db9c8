import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import type { User } from '@jarvis/contracts';
import { JarvisLogo } from '../../components/JarvisLogo';
import { SmartSuggestions } from '../chat/SmartSuggestions';
import { HelpMenu } from './HelpMenu';
import { NavList } from './NavList';
import type { SectionId } from './sections';
import { ThemeModeToggle } from './ThemeModeToggle';
import { UserFooter } from './UserFooter';
import { useNavBadges } from './use-nav-badges';

export interface SideNavProps {
  user: User;
  activeSection: SectionId;
  onSelectSection: (section: SectionId) => void;
  onRestartTutorial: () => void;
  /** Set on mobile, where the navigation is a drawer. */
  onClose?: () => void;
}

/** The side navigation panel: header with help menu, entries with badges, Smart Suggestions, user footer. */
export function SideNav({ user, activeSection, onSelectSection, onRestartTutorial, onClose }: SideNavProps) {
  const badges = useNavBadges();
  return (
    <Stack sx={{ height: '100%', bgcolor: 'background.paper' }} data-tour="sidebar" data-testid="side-nav">
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ px: 2, py: 1.5, minHeight: 64 }}>
        <Box sx={{ flexGrow: 1 }}>
          <JarvisLogo size={32} />
        </Box>
        <ThemeModeToggle />
        <HelpMenu onRestartTutorial={onRestartTutorial} onContactSupport={() => onSelectSection('help')} />
        {onClose && (
          <IconButton aria-label="Close navigation" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        <NavList
          activeSection={activeSection}
          badges={badges}
          onSelectSection={onSelectSection}
          onNavigate={onClose}
        />
        <Divider sx={{ my: 1.5, mx: 2 }} />
        <SmartSuggestions
          onAccepted={() => {
            onSelectSection('chat');
            onClose?.();
          }}
        />
      </Box>
      <UserFooter user={user} />
    </Stack>
  );
}
