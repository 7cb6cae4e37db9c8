import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { formatInTimeZone } from 'date-fns-tz';
import type { Memory } from '@jarvis/contracts';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { MEMORY_TYPE_LABELS, MemoryTypeIcon } from './memory-type';
import { filterMemories, hasPatternMemories, importanceColor } from './pattern-insights';
import { useCleanupPatternMemories, useDeleteMemory, useMemories } from './use-memories';

function memoryDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatInTimeZone(date, 'America/New_York', 'MMM d, yyyy');
}

function MemoryCard({
  memory,
  onDelete,
  deleting,
}: {
  memory: Memory;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} data-testid="memory-card">
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <Tooltip title={MEMORY_TYPE_LABELS[memory.type] ?? 'Memory'}>
          <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>
            <MemoryTypeIcon type={memory.type} />
          </Box>
        </Tooltip>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{memory.content}</Typography>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
            <Chip
              size="small"
              label={`Importance ${memory.importance}/5`}
              color={importanceColor(memory.importance)}
              variant={importanceColor(memory.importance) === 'default' ? 'outlined' : 'filled'}
            />
            <Typography variant="caption" color="text.secondary">
              {memoryDate(memory.created_at)}
            </Typography>
            {memory.tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
        </Box>
        <Tooltip title="Delete memory">
          <span>
            <IconButton aria-label="Delete memory" onClick={onDelete} disabled={deleting}>
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

/** Memory Bank (doc2 §2): search, see and delete what Jarvis remembers. */
export function MemorySection() {
  const { toast } = useToast();
  const query = useMemories();
  const [search, setSearch] = useState('');
  const memories = query.data ?? [];
  const shown = filterMemories(memories, search);

  const remove = useDeleteMemory({
    onSuccess: () => toast({ title: 'Memory Deleted', description: 'Jarvis no longer keeps it.' }),
    onError: () => toast({ title: 'Error', description: 'Failed to delete memory.', variant: 'destructive' }),
  });
  const cleanup = useCleanupPatternMemories({
    onSuccess: (n) =>
      toast({
        title: 'Pattern Memories Cleaned',
        description: `Removed ${n} auto-generated pattern memories.`,
      }),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to cleanup pattern memories.', variant: 'destructive' }),
  });

  return (
    <Box data-testid="section-memory">
      <SectionHeader
        title="Memory Bank"
        subtitle="What Jarvis remembers about you"
        actions={
          hasPatternMemories(memories) && (
            <Button
              variant="outlined"
              color="warning"
              startIcon={<CleaningServicesOutlinedIcon />}
              onClick={() => cleanup.mutate()}
              disabled={cleanup.isPending}
            >
              Remove Auto-Generated Patterns
            </Button>
          )
        }
      />
      <TextField
        fullWidth
        placeholder="Search memories..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 2 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search memories' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <LoadedList
        query={query}
        items={memories}
        what="memories"
        skeletonHeight={88}
        empty={
          <EmptyState icon={<PsychologyOutlinedIcon fontSize="large" />} title="No memories stored yet">
            <Typography color="text.secondary">
              Tell Jarvis about yourself in chat, like “My name is Sam and I live in Boston”, and it will
              remember.
            </Typography>
          </EmptyState>
        }
      >
        {() =>
          shown.length === 0 ? (
            <Typography color="text.secondary">No memories match “{search.trim()}”.</Typography>
          ) : (
            <Stack spacing={1.5}>
              <Typography variant="body2" color="text.secondary">
                {shown.length} of {memories.length} memories
              </Typography>
              {shown.map((memory) => (
                <MemoryCard
                  key={memory.id}
                  memory={memory}
                  deleting={remove.isPending && remove.variables === memory.id}
                  onDelete={() => remove.mutate(memory.id)}
                />
              ))}
            </Stack>
          )
        }
      </LoadedList>
    </Box>
  );
}
