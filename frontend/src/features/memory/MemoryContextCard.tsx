import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import { SidebarListCard } from '../../components/SidebarCard';
import { MemoryTypeIcon } from './memory-type';
import { useMemories } from './use-memories';

/** The sidebar shows the first 10 memories (doc2 §9). */
export const SIDEBAR_MEMORIES = 10;

/** Memory & Context: what Jarvis keeps in mind, or 'No memories stored yet'. */
export function MemoryContextCard() {
  const query = useMemories();
  return (
    <SidebarListCard
      icon={<PsychologyOutlinedIcon fontSize="small" />}
      title="Memory & Context"
      testId="memory-context"
      query={query}
      items={(query.data ?? []).slice(0, SIDEBAR_MEMORIES)}
      what="Memories"
      emptyText="No memories stored yet"
    >
      {(memories) => (
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
    </SidebarListCard>
  );
}
