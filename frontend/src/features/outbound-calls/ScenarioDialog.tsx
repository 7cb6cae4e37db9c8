import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CallScenario } from '@jarvis/contracts';
import { serverMessageOr, statusOf } from '../../api/client';
import type { ScenarioInput } from '../../api/outbound-calls';
import { useToast } from '../../components/toast/toast-context';
import { fieldErrorsOf } from '../../forms/field-errors';
import {
  DEFAULT_CRON,
  describeCron,
  looksLikeCron,
  SCENARIO_TEMPLATES,
  SCENARIO_TIMEZONE,
  SCENARIO_TYPES,
  TEMPLATE_VARIABLES,
  type ScenarioType,
} from './scenario-templates';
import { useSaveScenario } from './use-outbound-calls';

interface Draft {
  name: string;
  description: string;
  scenario_type: ScenarioType;
  message_template: string;
  target_phone_number: string;
  schedule_enabled: boolean;
  schedule_cron: string;
}

type DraftErrors = Partial<
  Record<'name' | 'message_template' | 'target_phone_number' | 'schedule_cron', string>
>;

function draftOf(scenario: CallScenario | null): Draft {
  if (!scenario)
    return {
      name: SCENARIO_TEMPLATES.good_morning.name,
      description: '',
      scenario_type: 'good_morning',
      message_template: SCENARIO_TEMPLATES.good_morning.template,
      target_phone_number: '',
      schedule_enabled: false,
      schedule_cron: DEFAULT_CRON,
    };
  return {
    name: scenario.name,
    description: scenario.description ?? '',
    scenario_type: scenario.scenario_type,
    message_template: scenario.message_template,
    target_phone_number: scenario.target_phone_number,
    schedule_enabled: scenario.schedule_enabled,
    schedule_cron: scenario.schedule_cron || DEFAULT_CRON,
  };
}

function validate(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.message_template.trim()) errors.message_template = 'Message template is required';
  const phone = draft.target_phone_number.replace(/[\s().-]/g, '');
  if (!phone) errors.target_phone_number = 'Target phone number is required';
  else if (!/^\+[1-9]\d{6,14}$/.test(phone))
    errors.target_phone_number = 'Use international format with country code, e.g. +1234567890';
  if (draft.schedule_enabled && draft.schedule_cron.trim() && !looksLikeCron(draft.schedule_cron))
    errors.schedule_cron = 'Invalid cron expression';
  return errors;
}

function inputOf(draft: Draft): ScenarioInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    scenario_type: draft.scenario_type,
    message_template: draft.message_template.trim(),
    target_phone_number: draft.target_phone_number.replace(/[\s().-]/g, ''),
    schedule_enabled: draft.schedule_enabled,
    schedule_cron: draft.schedule_enabled ? draft.schedule_cron.trim() || DEFAULT_CRON : null,
    schedule_timezone: SCENARIO_TIMEZONE,
    is_active: true,
  };
}

/** Create or edit a call scenario (doc3 §2, §5): a template per type, the schedule's cron only when scheduling. */
export function ScenarioDialog({
  scenario,
  onClose,
}: {
  scenario: CallScenario | null;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [draft, setDraft] = useState<Draft>(() => draftOf(scenario));
  const [errors, setErrors] = useState<DraftErrors>({});
  // What the server refused that no field shows: a plan without schedules (402), the limit of scenarios (409).
  const [failure, setFailure] = useState<{ message: string; needsUpgrade: boolean } | null>(null);
  const save = useSaveScenario({
    onSuccess: () => {
      toast({ title: scenario ? 'Scenario Updated' : 'Scenario Created', variant: 'success' });
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields as DraftErrors);
      else
        setFailure({
          message: serverMessageOr(error, 'The scenario could not be saved. Please try again.'),
          needsUpgrade: statusOf(error) === 402,
        });
      if (!scenario)
        toast({
          title: 'Failed to create scenario',
          description: serverMessageOr(error, 'Please try again.'),
          variant: 'destructive',
        });
    },
  });

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const chooseType = (type: ScenarioType) => {
    setDraft((current) => {
      const previous = SCENARIO_TEMPLATES[current.scenario_type];
      const next = SCENARIO_TEMPLATES[type];
      const untouchedTemplate =
        !current.message_template.trim() || current.message_template === previous.template;
      const untouchedName = !current.name.trim() || current.name === previous.name;
      return {
        ...current,
        scenario_type: type,
        message_template: untouchedTemplate ? next.template : current.message_template,
        name: untouchedName ? next.name : current.name,
      };
    });
  };

  const insertVariable = (variable: string) =>
    set(
      'message_template',
      `${draft.message_template}${draft.message_template.endsWith(' ') || !draft.message_template ? '' : ' '}{{${variable}}}`,
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    save.mutate({ id: scenario?.id, input: inputOf(draft) });
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="scenario-dialog-title"
    >
      <DialogTitle id="scenario-dialog-title">{scenario ? 'Edit Scenario' : 'Create Scenario'}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure && (
              <Alert
                severity={failure.needsUpgrade ? 'info' : 'error'}
                onClose={() => setFailure(null)}
                data-testid="scenario-error"
                action={
                  failure.needsUpgrade ? (
                    <Button color="inherit" size="small" component={RouterLink} to="/account">
                      See plans
                    </Button>
                  ) : undefined
                }
                sx={{ '& .MuiAlert-action': { alignItems: 'center', pt: 0 } }}
              >
                {failure.message}
              </Alert>
            )}
            <TextField
              select
              label="Template"
              value={draft.scenario_type}
              onChange={(e) => chooseType(e.target.value as ScenarioType)}
              size="small"
            >
              {SCENARIO_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {SCENARIO_TEMPLATES[type].label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Name"
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              size="small"
              required
            />
            <TextField
              label="Description (optional)"
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              size="small"
            />
            <TextField
              label="Target Phone Number"
              value={draft.target_phone_number}
              onChange={(e) => set('target_phone_number', e.target.value)}
              error={Boolean(errors.target_phone_number)}
              helperText={errors.target_phone_number ?? 'International format, e.g. +1234567890'}
              placeholder="+1234567890"
              type="tel"
              size="small"
              required
            />
            <Box>
              <TextField
                label="Message Template"
                value={draft.message_template}
                onChange={(e) => set('message_template', e.target.value)}
                error={Boolean(errors.message_template)}
                helperText={errors.message_template ?? 'Jarvis fills the variables when it calls.'}
                multiline
                minRows={3}
                fullWidth
                required
              />
              <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
                {TEMPLATE_VARIABLES.map((variable) => (
                  <Chip
                    key={variable}
                    size="small"
                    variant="outlined"
                    label={`{{${variable}}}`}
                    onClick={() => insertVariable(variable)}
                    sx={{ fontFamily: 'monospace' }}
                  />
                ))}
              </Stack>
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.schedule_enabled}
                  onChange={(e) => set('schedule_enabled', e.target.checked)}
                />
              }
              label="Run on a schedule"
            />
            {draft.schedule_enabled && (
              <TextField
                label="Schedule (cron)"
                value={draft.schedule_cron}
                onChange={(e) => set('schedule_cron', e.target.value)}
                error={Boolean(errors.schedule_cron)}
                helperText={
                  errors.schedule_cron ??
                  `${describeCron(draft.schedule_cron)} (New York time), at least 15 minutes apart. Examples: 0 8 * * * (daily 8:00 AM), 0 9 * * 1-5 (weekdays 9:00 AM)`
                }
                placeholder={DEFAULT_CRON}
                size="small"
                slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
              />
            )}
            <Typography variant="caption" color="text.secondary">
              Each run places one call and counts toward your monthly outgoing calls.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {scenario ? 'Save Changes' : 'Create Scenario'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
