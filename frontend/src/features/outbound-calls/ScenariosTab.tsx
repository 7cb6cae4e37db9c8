import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import type { CallScenario } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { useToast } from '../../components/toast/toast-context';
import { formatCallTime, formatPhoneNumber } from '../phone/phone-format';
import { ScenarioDialog } from './ScenarioDialog';
import { describeCron, SCENARIO_TEMPLATES } from './scenario-templates';
import { useDeleteScenario, useRunScenario, useScenarios } from './use-outbound-calls';

function ScenarioCard({
  scenario,
  onEdit,
  onDelete,
}: {
  scenario: CallScenario;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { toast } = useToast();
  const run = useRunScenario({
    onSuccess: () =>
      toast({ title: 'Call Queued', description: `${scenario.name} will call shortly.`, variant: 'success' }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to queue call'),
        variant: 'destructive',
      }),
  });
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="scenario-card">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 0.5 }}>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mr: 0.5, overflowWrap: 'anywhere' }}
          >
            {scenario.name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={SCENARIO_TEMPLATES[scenario.scenario_type]?.label ?? scenario.scenario_type}
          />
          {!scenario.is_active && <Chip size="small" label="Inactive" data-testid="inactive-badge" />}
          {scenario.schedule_enabled && (
            <Chip
              size="small"
              color="primary"
              icon={<ScheduleIcon />}
              label={describeCron(scenario.schedule_cron)}
              data-testid="scheduled-badge"
            />
          )}
        </Stack>
        {scenario.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {scenario.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Calls {formatPhoneNumber(scenario.target_phone_number)}
          {scenario.last_executed ? ` · last run ${formatCallTime(scenario.last_executed)}` : ' · never run'}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            mt: 1,
            p: 1.25,
            borderRadius: 2,
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {scenario.message_template}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }} useFlexGap flexWrap="wrap">
          <Button
            size="small"
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={!scenario.is_active || run.isPending}
            onClick={() => run.mutate(scenario.id)}
          >
            Run
          </Button>
          <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeleteScenarioDialog({ scenario, onClose }: { scenario: CallScenario; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteScenario({
    onSuccess: () => {
      toast({ title: 'Scenario Deleted', variant: 'success' });
      onClose();
    },
    onError: () => onClose(),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-scenario-title">
      <DialogTitle id="delete-scenario-title">Delete Scenario</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete &ldquo;{scenario.name}&rdquo;? Its schedule stops and it will not call again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(scenario.id)}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Automated Scenarios (doc3 §2): the list with Run, Edit and Delete, and the create/edit dialog. */
export function ScenariosTab() {
  const scenarios = useScenarios();
  const [editing, setEditing] = useState<CallScenario | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CallScenario | null>(null);
  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Calls Jarvis places on a schedule, from a message template.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          sx={{ flexShrink: 0 }}
        >
          New Scenario
        </Button>
      </Stack>
      <LoadedList
        query={scenarios}
        items={scenarios.data?.scenarios ?? []}
        what="call scenarios"
        skeletonHeight={140}
        empty={
          <EmptyState
            icon={<SmartToyOutlinedIcon fontSize="large" />}
            title="No call scenarios yet. Create your first automated call scenario!"
          >
            <Button
              sx={{ mt: 2 }}
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setEditing('new')}
            >
              Create Scenario
            </Button>
          </EmptyState>
        }
      >
        {(items) => (
          <Stack spacing={1.5}>
            {items.map((scenario) => (
              <ScenarioCard
                key={scenario.id}
                scenario={scenario}
                onEdit={() => setEditing(scenario)}
                onDelete={() => setDeleting(scenario)}
              />
            ))}
          </Stack>
        )}
      </LoadedList>
      {editing && (
        <ScenarioDialog scenario={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteScenarioDialog scenario={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}
