import type { Memory } from '@jarvis/contracts';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';

const ICONS = {
  profile: PersonOutlineIcon,
  episode: EventNoteOutlinedIcon,
  interaction: ChatOutlinedIcon,
  other: LightbulbOutlinedIcon,
} as const;

export const MEMORY_TYPE_LABELS: Record<Memory['type'], string> = {
  profile: 'Profile',
  episode: 'Episode',
  interaction: 'Interaction',
  other: 'Other',
};

/** The icon of a memory type. */
export function MemoryTypeIcon({
  type,
  fontSize = 'small',
}: {
  type: Memory['type'];
  fontSize?: 'small' | 'medium';
}) {
  const Icon = ICONS[type] ?? LightbulbOutlinedIcon;
  return <Icon fontSize={fontSize} aria-label={MEMORY_TYPE_LABELS[type] ?? 'Memory'} />;
}
