import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { useToast } from '../../components/toast/toast-context';
import { FormDialog } from '../../forms/FormDialog';
import { showServerErrors, textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  SCENARIO_FIELDS,
  scenarioForm,
  scenarioFormOf,
  toScenarioInput,
  withTemplate,
  withVariable,
  type ScenarioForm,
} from './scenario-form';
import {
  DEFAULT_CRON,
  describeCron,
  SCENARIO_TEMPLATES,
  SCENARIO_TYPES,
  TEMPLATE_VARIABLES,
  type ScenarioType,
} from './scenario-templates';
import { useSaveScenario } from './use-outbound-calls';

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
  const form = useContractForm<ScenarioForm>(scenarioForm, scenarioFormOf(scenario));
  const [scenarioType, scheduleEnabled, scheduleCron] = form.watch([
    'scenario_type',
    'schedule_enabled',
    'schedule_cron',
  ]);
  // What the server refused that no field shows: a plan without schedules (402), the limit of scenarios (409).
  const [failure, setFailure] = useState<{ message: string; needsUpgrade: boolean } | null>(null);
  const save = useSaveScenario({
    onSuccess: () => {
      toast({ title: scenario ? 'Scenario Updated' : 'Scenario Created', variant: 'success' });
      onClose();
    },
    onError: (error) => {
      const fields = showServerErrors(form, scenarioForm, error, SCENARIO_FIELDS);
      if (Object.keys(fields).length === 0)
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

  // A value changed by a press is checked again once the form was submitted, as typing is.
  const change = <K extends keyof ScenarioForm>(field: K, value: ScenarioForm[K]) =>
    form.setValue(field, value as never, { shouldValidate: form.formState.isSubmitted });

  const chooseType = (type: ScenarioType) => {
    const next = withTemplate(form.getValues(), type);
    change('scenario_type', next.scenario_type);
    change('name', next.name);
    change('message_template', next.message_template);
  };

  const insertVariable = (variable: string) =>
    change('message_template', withVariable(form.getValues('message_template'), variable));

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate({ id: scenario?.id, input: toScenarioInput(values) });
  });

  const phone = textFieldOf(form, 'target_phone_number');
  const template = textFieldOf(form, 'message_template');
  const cron = textFieldOf(form, 'schedule_cron');
  return (
    <FormDialog
      id="scenario-dialog"
      title={scenario ? 'Edit Scenario' : 'Create Scenario'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={scenario ? 'Save Changes' : 'Create Scenario'}
      pendingLabel={scenario ? 'Save Changes' : 'Create Scenario'}
      fullScreen={fullScreen}
      dividers
      alert={
        failure && (
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
        )
      }
    >
      <TextField
        select
        label="Template"
        value={scenarioType}
        onChange={(e) => chooseType(e.target.value as ScenarioType)}
        size="small"
      >
        {SCENARIO_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {SCENARIO_TEMPLATES[type].label}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Name" {...textFieldOf(form, 'name')} size="small" required />
      <TextField label="Description (optional)" {...textFieldOf(form, 'description')} size="small" />
      <TextField
        label="Target Phone Number"
        {...phone}
        helperText={phone.helperText ?? 'International format, e.g. +1234567890'}
        placeholder="+1234567890"
        type="tel"
        size="small"
        required
      />
      <Box>
        <TextField
          label="Message Template"
          {...template}
          helperText={template.helperText ?? 'Jarvis fills the variables when it calls.'}
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
          <Switch checked={scheduleEnabled} onChange={(e) => change('schedule_enabled', e.target.checked)} />
        }
        label="Run on a schedule"
      />
      {scheduleEnabled && (
        <TextField
          label="Schedule (cron)"
          {...cron}
          helperText={
            cron.helperText ??
            `${describeCron(scheduleCron)} (New York time), at least 15 minutes apart. Examples: 0 8 * * * (daily 8:00 AM), 0 9 * * 1-5 (weekdays 9:00 AM)`
          }
          placeholder={DEFAULT_CRON}
          size="small"
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        Each run places one call and counts toward your monthly outgoing calls.
      </Typography>
    </FormDialog>
  );
}
