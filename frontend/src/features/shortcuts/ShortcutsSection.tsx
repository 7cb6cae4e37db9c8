import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { QuickResponseShortcut } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { usageText } from './shortcut-form';
import { ShortcutDialog } from './ShortcutDialog';
import { useDeleteShortcut, useShortcuts } from './use-shortcuts';

function ShortcutCard({ shortcut, onEdit }: { shortcut: QuickResponseShortcut; onEdit: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteShortcut();
  return (
    <Card data-testid="shortcut-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {shortcut.name}
          </Typography>
          {!shortcut.is_active && <Chip size="small" label="Disabled" />}
        </Stack>
        <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" sx={{ mb: 1.5 }}>
          {shortcut.trigger_phrases.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No trigger phrases
            </Typography>
          ) : (
            shortcut.trigger_phrases.map((phrase) => (
              <Chip key={phrase} size="small" variant="outlined" color="primary" label={`“${phrase}”`} />
            ))
          )}
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            whiteSpace: 'pre-wrap',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {shortcut.response_template}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {usageText(shortcut.usage_count)}
        </Typography>
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(shortcut.id, {
              onSuccess: () =>
                toast({ title: 'Success', description: 'Shortcut deleted', variant: 'success' }),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: serverMessageOr(error, 'Failed to delete shortcut'),
                  variant: 'destructive',
                }),
            })
          }
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** Quick Response Shortcuts (doc2 §2): trigger phrases that Jarvis answers at once with a template. */
export function ShortcutsSection() {
  const query = useShortcuts();
  const [editing, setEditing] = useState<QuickResponseShortcut | null | 'new'>(null);
  const shortcuts = query.data ?? [];

  return (
    <Box data-testid="section-shortcuts">
      <SectionHeader
        title="Quick Responses"
        subtitle="Shortcuts that answer common requests instantly"
        actions={
          shortcuts.length > 0 && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              New Shortcut
            </Button>
          )
        }
      />
      <LoadedList
        query={query}
        items={shortcuts}
        what="shortcuts"
        loading={
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={180} />
            ))}
          </Box>
        }
        empty={
          <EmptyState icon={<BoltOutlinedIcon fontSize="large" />} title="No shortcuts yet">
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Teach Jarvis instant answers: when your message is one of the trigger phrases (case and
              punctuation don't matter), it replies with your template.
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Create Your First Shortcut
            </Button>
          </EmptyState>
        }
      >
        {() => (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {shortcuts.map((s) => (
              <ShortcutCard key={s.id} shortcut={s} onEdit={() => setEditing(s)} />
            ))}
          </Box>
        )}
      </LoadedList>
      {editing !== null && (
        <ShortcutDialog shortcut={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}
