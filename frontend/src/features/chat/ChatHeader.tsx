import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TheaterComedyOutlinedIcon from '@mui/icons-material/TheaterComedyOutlined';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import WorkOutlineOutlinedIcon from '@mui/icons-material/WorkOutlineOutlined';
import { ChatHeaderControls } from './ChatHeaderControls';
import { MoodIndicator } from './MoodIndicator';
import type { Mood } from '../../state/mood';

export const CHAT_INFO_TEXT =
  'Jarvis remembers what matters from your conversations, acts ethically, responds with emotional intelligence, and tells you plainly when it is unsure.';

/**
 * 'Chat with Jarvis' with its info tooltip, the mood, and the personality, career, push, location and sidebar buttons,
 * with the Location Triggers banner under them.
 */
export function ChatHeader({
  mood,
  compact,
  showSidebarButton,
  onPersonality,
  onCareer,
  onSidebar,
}: {
  mood: Mood;
  compact: boolean;
  showSidebarButton: boolean;
  onPersonality: () => void;
  onCareer: () => void;
  onSidebar: () => void;
}) {
  return (
    <Stack spacing={1.5} sx={{ pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }} noWrap>
          Chat with Jarvis
        </Typography>
        <Tooltip title={CHAT_INFO_TEXT}>
          <IconButton size="small" aria-label="About Jarvis">
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Box sx={{ flexGrow: 1 }} />
        {compact ? <MoodIndicator mood={mood} compact /> : <MoodIndicator mood={mood} />}
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Button
          size="small"
          variant="outlined"
          startIcon={<TheaterComedyOutlinedIcon />}
          onClick={onPersonality}
          data-tour="personality"
        >
          Personality
        </Button>
        <Button size="small" variant="outlined" startIcon={<WorkOutlineOutlinedIcon />} onClick={onCareer}>
          Career
        </Button>
        <ChatHeaderControls />
        {showSidebarButton &&
          (compact ? (
            <Tooltip title="Reminders & memory">
              <IconButton
                aria-label="Reminders & memory"
                onClick={onSidebar}
                sx={{ ml: 'auto' }}
                color="primary"
              >
                <ViewSidebarOutlinedIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Button
              size="small"
              variant="text"
              startIcon={<ViewSidebarOutlinedIcon />}
              onClick={onSidebar}
              sx={{ ml: 'auto' }}
            >
              Reminders &amp; memory
            </Button>
          ))}
      </Stack>
    </Stack>
  );
}
