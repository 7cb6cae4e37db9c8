import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { NAV_GROUPS, type NavItem } from './nav-items';
import type { SectionId } from './sections';
import type { NavBadges } from './use-nav-badges';

interface NavListProps {
  activeSection: SectionId;
  badges: NavBadges;
  onSelectSection: (section: SectionId) => void;
  /** Called after any entry is used (closes the mobile drawer). */
  onNavigate?: () => void;
}

function badgeLabel(count: number) {
  return count > 99 ? '99+' : String(count);
}

function NavEntry({
  item,
  active,
  count,
  onSelectSection,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  count: number;
  onSelectSection: (section: SectionId) => void;
  onNavigate?: () => void;
}) {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
      <ListItemText
        primary={item.label}
        slotProps={{ primary: { variant: 'body2', fontWeight: active ? 700 : 500 } }}
      />
      {count > 0 && (
        <Badge
          badgeContent={badgeLabel(count)}
          color="primary"
          sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
          data-testid={`badge-${item.kind === 'section' ? item.section : item.label}`}
        />
      )}
      {item.kind === 'external' && <OpenInNewIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
    </>
  );
  const common = { sx: { mb: 0.25, minHeight: 42 }, 'data-tour': item.tour } as const;

  if (item.kind === 'section') {
    return (
      <ListItemButton
        {...common}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={() => {
          onSelectSection(item.section);
          onNavigate?.();
        }}
      >
        {content}
      </ListItemButton>
    );
  }
  if (item.kind === 'route') {
    return (
      <ListItemButton {...common} component={RouterLink} to={item.to} onClick={onNavigate}>
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      {...common}
      component="a"
      href={item.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onNavigate}
    >
      {content}
    </ListItemButton>
  );
}

/** The navigation entries, grouped; badges on phone, outbound calls, notifications and reminders. */
export function NavList({ activeSection, badges, onSelectSection, onNavigate }: NavListProps) {
  return (
    <nav aria-label="Main navigation">
      {NAV_GROUPS.map((group) => (
        <List
          key={group.title}
          dense
          disablePadding
          sx={{ px: 1.5, pb: 1 }}
          subheader={
            <ListSubheader
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: '32px',
                fontSize: 12,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
              }}
            >
              {group.title}
            </ListSubheader>
          }
        >
          {group.items.map((item) => (
            <NavEntry
              key={item.label}
              item={item}
              active={item.kind === 'section' && item.section === activeSection}
              count={item.kind === 'section' && item.badge ? badges[item.badge] : 0}
              onSelectSection={onSelectSection}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      ))}
    </nav>
  );
}
