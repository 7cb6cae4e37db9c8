import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import { SidebarCard } from '../chat/SidebarCard';
import { MemoryTypeIcon } from './memory-type';
import { useMemories } from './use-memories';

/** The sidebar shows the first 10 memories (doc2 §9). */
export const SIDEBAR_MEMORIES = 10;

/** Memory & Context: what Jarvis keeps in mind, or 'No memories stored yet'. */
export function MemoryContextCard() {
  const { data, isLoading, isError } = useMemories();
  const memories = (data ?? []).slice(0, SIDEBAR_MEMORIES);
  return (
    <SidebarCard
      icon={<PsychologyOutlinedIcon fontSize="small" />}
      title="Memory & Context"
      testId="memory-context"
    >
      {isLoading ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={32} />
          <Skeleton variant="rounded" height={32} />
        </Stack>
      ) : isError ? (
        <Typography variant="body2" color="text.secondary">
          Memories could not be loaded.
        </Typography>
      ) : memories.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No memories stored yet
        </Typography>
      ) : (
        <List dense disablePadding>
          {memories.map((m) => (
            <ListItem key={m.id} disableGutters alignItems="flex-start" data-testid="sidebar-memory">
              <ListItemIcon sx={{ minWidth: 30, mt: 0.75, color: 'text.secondary' }}>
                <MemoryTypeIcon type={m.type} />
              </ListItemIcon>
              <ListItemText
                primary={m.content}
                slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SidebarCard>
  );
}
