import { useEffect, useState, type ReactNode } from 'react';
import type { Path, PathValue } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { NOTIFICATION_EVENTS } from '@jarvis/contracts';
import { LoadFailed } from '../../components/ListStates';
import { LoadingState } from '../../components/LoadingState';
import { useToast } from '../../components/toast/toast-context';
import { textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  EVENT_LABELS,
  PHONE_NUMBER_MAX,
  notificationForm,
  notificationFormOf,
  saveFailureMessage,
  toPreferencesInput,
  toVoiceAlertsInput,
  toggleEvent,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettingsForm,
} from './notification-form';
import { EmailAddressPanel } from './EmailAddressPanel';
import { SmsVerificationPanel } from './SmsVerificationPanel';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  useSaveVoiceAlerts,
  useVoiceAlerts,
} from './use-notification-settings';

const CHANNEL_TEXTS: Record<
  NotificationChannel,
  { icon: ReactNode; title: string; description: string; name: string; events: string }
> = {
  sms: {
    icon: <SmsOutlinedIcon />,
    title: 'SMS',
    description: 'Text messages to your phone.',
    name: 'SMS',
    events: 'SMS',
  },
  push: {
    icon: <NotificationsActiveOutlinedIcon />,
    title: 'Browser push',
    description: 'Notifications in this browser, even when Jarvis is in the background.',
    name: 'Push',
    events: 'push',
  },
  email: {
    icon: <EmailOutlinedIcon />,
    title: 'Email',
    description: 'Messages to the address of your account.',
    name: 'Email',
    events: 'email',
  },
};

const PREFERENCES_FAILED = 'Failed to save notification preferences. Please try again.';
const VOICE_ALERTS_FAILED = 'Failed to save voice alert settings. Please try again.';

/**
 * Settings → Notifications (doc2 §2): the voice wake-up briefing, then SMS, browser push and e-mail with the events
 * each delivers. Save Settings (top and bottom) sends both PUTs; a failed save keeps everything the user changed.
 */
export function NotificationSettingsPanel() {
  const preferences = useNotificationPreferences();
  const voiceAlerts = useVoiceAlerts();
  if (preferences.isError || voiceAlerts.isError) {
    return (
      <LoadFailed
        what="notification settings"
        onRetry={() => {
          if (preferences.isError) void preferences.refetch();
          if (voiceAlerts.isError) void voiceAlerts.refetch();
        }}
      />
    );
  }
  if (preferences.isPending || voiceAlerts.isPending) {
    return <LoadingState label="Loading notification settings" />;
  }
  return (
    <NotificationSettingsEditor
      initial={notificationFormOf(preferences.data, voiceAlerts.data)}
      savedPhoneNumber={preferences.data?.sms.phoneNumber ?? ''}
    />
  );
}

function NotificationSettingsEditor({
  initial,
  savedPhoneNumber,
}: {
  initial: NotificationSettingsForm;
  /** The number as saved (the server's E.164): the one its verification is about. */
  savedPhoneNumber: string;
}) {
  const { toast } = useToast();
  const form = useContractForm<NotificationSettingsForm>(notificationForm, initial);
  const values = form.watch();
  // Saved: the problems show again only at the next Save Settings, as before the first.
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (saves > 0) form.reset(form.getValues());
  }, [form, saves]);
  const savePreferences = useSaveNotificationPreferences();
  const saveVoiceAlerts = useSaveVoiceAlerts();
  const saving = savePreferences.isPending || saveVoiceAlerts.isPending;
  const { sms } = values.preferences;

  // A switch or a box changed after a Save Settings checks the whole form again (SMS off clears its number's
  // problem), as typing checks its field.
  const change = <P extends Path<NotificationSettingsForm>>(
    path: P,
    value: PathValue<NotificationSettingsForm, P>,
  ) => {
    form.setValue(path, value);
    if (form.formState.isSubmitted) void form.trigger();
  };
  const setEvent = (channel: NotificationChannel, event: NotificationEvent, on: boolean) =>
    change(
      `preferences.${channel}.events`,
      toggleEvent(form.getValues(`preferences.${channel}.events`), event, on),
    );

  const submit = form.handleSubmit(async (values) => {
    if (saving) return;
    const [preferences, voiceAlerts] = await Promise.allSettled([
      savePreferences.mutateAsync(toPreferencesInput(values)),
      saveVoiceAlerts.mutateAsync(toVoiceAlertsInput(values)),
    ]);
    const failures = [
      preferences.status === 'rejected' && saveFailureMessage(preferences.reason, PREFERENCES_FAILED),
      voiceAlerts.status === 'rejected' && saveFailureMessage(voiceAlerts.reason, VOICE_ALERTS_FAILED),
    ].filter((text): text is string => Boolean(text));
    if (failures.length > 0) {
      // Everything the user changed stays in the form, so Save Settings can simply be pressed again.
      toast({ title: 'Error', description: failures.join(' '), variant: 'destructive' });
      return;
    }
    setSaves((n) => n + 1);
    toast({
      title: 'Settings saved',
      description: values.voiceAlerts.enabled
        ? `Notification preferences saved. Voice alerts updated: your briefing is at ${values.voiceAlerts.wakeTime}.`
        : 'Notification preferences saved. Voice alerts updated.',
      variant: 'success',
    });
  });

  const wakeTime = textFieldOf(form, 'voiceAlerts.wakeTime');
  const phoneNumber = textFieldOf(form, 'preferences.sms.phoneNumber');

  /** A channel's card: its switch, what else it asks (`extra`), then the events it delivers. */
  const channelCard = (channel: NotificationChannel, extra?: ReactNode) => {
    const { enabled, events } = values.preferences[channel];
    const texts = CHANNEL_TEXTS[channel];
    return (
      <SettingsCard
        testId={`${channel}-settings`}
        icon={texts.icon}
        title={texts.title}
        description={texts.description}
        switchLabel={`${texts.name} notifications`}
        enabled={enabled}
        onToggle={(on) => change(`preferences.${channel}.enabled`, on)}
      >
        {extra}
        <EventChoices
          channel={texts.events}
          events={events}
          disabled={!enabled}
          onChange={(event, on) => setEvent(channel, event, on)}
        />
      </SettingsCard>
    );
  };

  const saveButton = (
    <Button type="submit" variant="contained" disabled={saving} sx={{ flexShrink: 0 }}>
      {saving ? 'Saving...' : 'Save Settings'}
    </Button>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Notification settings"
      data-testid="notification-settings"
    >
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ xs: 'stretch', sm: 'center' }}
          justifyContent="space-between"
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Notification preferences
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Choose how Jarvis reaches you, and for which events.
            </Typography>
          </Box>
          {saveButton}
        </Stack>

        <SettingsCard
          testId="voice-alerts-settings"
          icon={<AlarmOutlinedIcon />}
          title="Voice wake-up briefing"
          description="A short spoken briefing each morning: the weather, today's reminders and new phone messages."
          switchLabel="Voice alerts"
          enabled={values.voiceAlerts.enabled}
          onToggle={(enabled) => change('voiceAlerts.enabled', enabled)}
        >
          {values.voiceAlerts.enabled && (
            <TextField
              label="Wake time"
              type="time"
              {...wakeTime}
              helperText={wakeTime.helperText ?? 'Eastern Time (New York).'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ width: { xs: '100%', sm: 220 } }}
            />
          )}
        </SettingsCard>

        {channelCard(
          'sms',
          <>
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="+15551234567"
              {...phoneNumber}
              helperText={phoneNumber.helperText ?? 'Include your country code (for example +1).'}
              slotProps={{ htmlInput: { maxLength: PHONE_NUMBER_MAX } }}
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <SmsVerificationPanel savedNumber={savedPhoneNumber} typedNumber={sms.phoneNumber} />
          </>,
        )}
        {channelCard('push')}
        {channelCard('email', <EmailAddressPanel />)}

        <Stack direction="row" justifyContent="flex-end">
          {saveButton}
        </Stack>
      </Stack>
    </Box>
  );
}

/** One card of the tab: icon, title and description beside its on/off switch, then what it configures. */
function SettingsCard({
  testId,
  icon,
  title,
  description,
  switchLabel,
  enabled,
  onToggle,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  description: string;
  switchLabel: string;
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2} alignItems="flex-start">
            <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
              {icon}
            </Box>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            </Box>
            <Switch
              checked={enabled}
              onChange={(_e, checked) => onToggle(checked)}
              slotProps={{ input: { 'aria-label': switchLabel } }}
              sx={{ flexShrink: 0, mt: -0.5 }}
            />
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The event kinds a channel delivers, two columns from tablet width up; greyed while the channel is off. */
function EventChoices({
  channel,
  events,
  disabled,
  onChange,
}: {
  channel: string;
  events: readonly NotificationEvent[];
  disabled: boolean;
  onChange: (event: NotificationEvent, on: boolean) => void;
}) {
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {`Send ${channel} notifications for`}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {NOTIFICATION_EVENTS.map((event) => (
          <FormControlLabel
            key={event}
            label={EVENT_LABELS[event]}
            disabled={disabled}
            control={<Checkbox checked={events.includes(event)} onChange={(_e, on) => onChange(event, on)} />}
          />
        ))}
      </Box>
    </Box>
  );
}
