import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhoneForwardedOutlinedIcon from '@mui/icons-material/PhoneForwardedOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { serverMessageOr } from '../../api/client';
import type { OutboundCallKind } from '../../api/outbound-calls';
import { useToast } from '../../components/toast/toast-context';
import { showServerErrors, textFieldOf, useContractForm } from '../../forms/contract-form';
import { PlaceField } from '../places/PlaceField';
import {
  CALL_KINDS,
  EMPTY_OUTBOUND_FORM,
  fieldsOfKind,
  HOURS,
  KIND_FIELDS,
  localDay,
  MINUTES,
  outboundFormOf,
  toOutboundRequest,
  type ClockTime,
  type OutboundFormField,
  type OutboundFormValues,
} from './outbound-form';
import { useQueueCall } from './use-outbound-calls';

const LABELS: Record<OutboundFormField, string> = {
  phoneNumber: 'Phone Number',
  scheduledDate: 'Schedule Date (optional)',
  clientName: 'Client Name',
  clientEmail: 'Client E-mail',
  companyName: 'Company',
  accountNumber: 'Account Number',
  amount: 'Amount',
  appointmentType: 'Appointment Type',
  appointmentDate: 'Appointment Date',
  location: 'Location',
  reason: 'Reason',
  context: 'Context',
  message: 'Message',
  lastInteraction: 'Last Interaction (optional)',
};

const PLACEHOLDERS: Partial<Record<OutboundFormField, string>> = {
  phoneNumber: '+1234567890',
  amount: '150.00',
  appointmentType: 'Dental cleaning',
  reason: 'Please remove this number from your call list',
};

const MULTILINE = new Set<OutboundFormField>(['reason', 'context', 'message']);
const DATES = new Set<OutboundFormField>(['scheduledDate', 'appointmentDate', 'lastInteraction']);

/** Hour, minute (00/15/30/45) and AM/PM pickers for one time of day. */
function ClockPicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ClockTime;
  onChange: (time: ClockTime) => void;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={label}>
      <TextField
        select
        size="small"
        label="Hour"
        value={value.hour}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, hour: e.target.value as ClockTime['hour'] })}
        sx={{ flex: 1 }}
      >
        {HOURS.map((hour) => (
          <MenuItem key={hour} value={hour}>
            {hour}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Minute"
        value={value.minute}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, minute: e.target.value as ClockTime['minute'] })}
        sx={{ flex: 1 }}
      >
        {MINUTES.map((minute) => (
          <MenuItem key={minute} value={minute}>
            {minute}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="AM/PM"
        value={value.period}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, period: e.target.value as ClockTime['period'] })}
        sx={{ flex: 1 }}
      >
        <MenuItem value="AM">AM</MenuItem>
        <MenuItem value="PM">PM</MenuItem>
      </TextField>
    </Stack>
  );
}

/**
 * Make Outbound Call (doc3 §2, §5): the kind, the number, the kind's own fields and an optional schedule. On a plan
 * without outgoing calls everything is disabled and the button reads 'Upgrade to Make Calls'.
 */
export function OutboundCallForm({ canCall }: { canCall: boolean }) {
  const { toast } = useToast();
  const form = useContractForm<OutboundFormValues>(outboundFormOf, EMPTY_OUTBOUND_FORM);
  const values = form.watch();
  const queue = useQueueCall({
    onSuccess: () => {
      toast({
        title: 'Call Queued',
        description: 'Your outbound call has been queued successfully.',
        variant: 'success',
      });
      form.reset({ ...EMPTY_OUTBOUND_FORM, kind: form.getValues('kind') });
    },
    onError: (error) => {
      showServerErrors(form, outboundFormOf(form.getValues()), error, Object.keys(EMPTY_OUTBOUND_FORM));
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to queue call'),
        variant: 'destructive',
      });
    },
  });

  // A value picked rather than typed is checked again once the form was submitted, as typing is.
  const change = <K extends 'location' | 'scheduledTime' | 'appointmentTime'>(
    field: K,
    value: OutboundFormValues[K],
  ) => form.setValue(field, value as never, { shouldValidate: form.formState.isSubmitted });

  const chooseKind = (kind: OutboundCallKind) => {
    form.setValue('kind', kind);
    // Only the fields the chosen kind shows keep their messages.
    const keep = new Set<string>(fieldsOfKind(kind));
    form.clearErrors(
      (Object.keys(form.formState.errors) as OutboundFormField[]).filter((field) => !keep.has(field)),
    );
  };

  const submit = form.handleSubmit((checked) => {
    if (!canCall || queue.isPending) return;
    queue.mutate(toOutboundRequest(checked));
  });

  const today = localDay(new Date());
  const textField = (name: OutboundFormField) => {
    const field = textFieldOf(form, name);
    return {
      ...field,
      helperText: field.helperText ?? (name === 'lastInteraction' ? "Leave empty for 'recently'" : undefined),
    };
  };
  const field = (name: OutboundFormField) =>
    name === 'location' ? (
      <Grid key={name} size={{ xs: 12, sm: 6 }}>
        <PlaceField
          fullWidth
          size="small"
          name={name}
          label={LABELS[name]}
          value={values.location}
          onChange={(place) => change('location', place)}
          error={Boolean(form.formState.errors.location)}
          helperText={form.formState.errors.location?.message}
          disabled={!canCall}
        />
      </Grid>
    ) : (
      <Grid key={name} size={{ xs: 12, sm: MULTILINE.has(name) ? 12 : 6 }}>
        <TextField
          fullWidth
          size="small"
          label={LABELS[name]}
          {...textField(name)}
          placeholder={PLACEHOLDERS[name]}
          disabled={!canCall}
          multiline={MULTILINE.has(name)}
          minRows={MULTILINE.has(name) ? 2 : undefined}
          type={
            DATES.has(name)
              ? 'date'
              : name === 'clientEmail'
                ? 'email'
                : name === 'phoneNumber'
                  ? 'tel'
                  : 'text'
          }
          slotProps={{
            inputLabel: DATES.has(name) ? { shrink: true } : undefined,
            htmlInput: DATES.has(name)
              ? name === 'lastInteraction'
                ? { max: today }
                : { min: today }
              : undefined,
          }}
        />
      </Grid>
    );

  return (
    <Card component="section" aria-label="Make Outbound Call">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
          <PhoneForwardedOutlinedIcon color="primary" />
          <Typography variant="h6" component="h2">
            Make Outbound Call
          </Typography>
        </Stack>
        {!canCall && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="free-plan-warning">
            Outgoing calls are not included in the Free plan. Upgrade to Premium or Enterprise to let Jarvis
            place calls for you.
          </Alert>
        )}
        <form noValidate onSubmit={submit}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                size="small"
                label="Call Type"
                value={values.kind}
                disabled={!canCall}
                onChange={(e) => chooseKind(e.target.value as OutboundCallKind)}
                helperText={CALL_KINDS.find((k) => k.kind === values.kind)?.description}
              >
                {CALL_KINDS.map(({ kind, label }) => (
                  <MenuItem key={kind} value={kind}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {field('phoneNumber')}
            {KIND_FIELDS[values.kind].map((name) =>
              name === 'appointmentDate' ? (
                <Grid key={name} size={12}>
                  <Grid container spacing={2}>
                    {field('appointmentDate')}
                    <Grid size={{ xs: 12, sm: 6 }}>
                      <ClockPicker
                        label="Appointment time"
                        value={values.appointmentTime}
                        disabled={!canCall}
                        onChange={(time) => change('appointmentTime', time)}
                      />
                    </Grid>
                  </Grid>
                </Grid>
              ) : (
                field(name)
              ),
            )}
            {field('scheduledDate')}
            <Grid size={{ xs: 12, sm: 6 }}>
              <ClockPicker
                label="Scheduled time"
                value={values.scheduledTime}
                disabled={!canCall || !values.scheduledDate}
                onChange={(time) => change('scheduledTime', time)}
              />
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 0.5, ml: 1.5 }}
              >
                {values.scheduledDate
                  ? 'Your local time'
                  : 'Leave the date empty to call as soon as possible'}
              </Typography>
            </Grid>
            <Grid size={12}>
              {canCall ? (
                <Button
                  type="submit"
                  variant="contained"
                  disabled={queue.isPending}
                  startIcon={<PhoneForwardedOutlinedIcon />}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {queue.isPending ? 'Queueing…' : 'Queue Call'}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  href="/account"
                  startIcon={<WorkspacePremiumOutlinedIcon />}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  Upgrade to Make Calls
                </Button>
              )}
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}
