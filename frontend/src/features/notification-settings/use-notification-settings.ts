import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@jarvis/contracts';
import { callApi } from '../../api/client';
import type { VoiceAlertSettings } from '../../api/notifications';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { useCurrentUser } from '../../state/use-current-user';

const preferencesKey = queryKeyOf(api.notifications.preferences);
const voiceAlertsKey = queryKeyOf(api.notifications.voiceAlerts);

/** GET /api/notifications/preferences, once a user is signed in (doc2 §7). Null for a visitor (401). */
export function useNotificationPreferences() {
  const { user } = useCurrentUser();
  return useQuery<NotificationPreferences | null>({
    queryKey: preferencesKey,
    enabled: Boolean(user),
  });
}

/** GET /api/user/voice-alerts, once a user is signed in. Null for a visitor (401). */
export function useVoiceAlerts() {
  const { user } = useCurrentUser();
  return useQuery<VoiceAlertSettings | null>({ queryKey: voiceAlertsKey, enabled: Boolean(user) });
}

/**
 * PUT /api/notifications/preferences: the answer replaces the cached preferences, which are then refetched with the
 * SMS number's verification.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => callApi(api.notifications.updatePreferences, input),
    retry: false,
    onSuccess: (saved, input) =>
      queryClient.setQueryData<NotificationPreferences | null>(preferencesKey, saved ?? input),
    // A new SMS number was sent a code: its verification state changed too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: preferencesKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(api.notifications.smsVerification) }),
      ]),
  });
}

/** PUT /api/user/voice-alerts: the answer replaces the cached settings, which are then refetched. */
export function useSaveVoiceAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VoiceAlertSettings) => callApi(api.notifications.updateVoiceAlerts, input),
    retry: false,
    onSuccess: (saved, input) =>
      queryClient.setQueryData<VoiceAlertSettings | null>(voiceAlertsKey, saved ?? input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceAlertsKey }),
  });
}
