import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@jarvis/contracts';
import {
  updateNotificationPreferences,
  updateVoiceAlerts,
  type VoiceAlertSettings,
} from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useCurrentUser } from '../../state/use-current-user';

/** GET /api/notifications/preferences, once a user is signed in (doc2 §7). Null for a visitor (401). */
export function useNotificationPreferences() {
  const { user } = useCurrentUser();
  return useQuery<NotificationPreferences | null>({
    queryKey: queryKeys.notificationPreferences,
    enabled: Boolean(user),
  });
}

/** GET /api/user/voice-alerts, once a user is signed in. Null for a visitor (401). */
export function useVoiceAlerts() {
  const { user } = useCurrentUser();
  return useQuery<VoiceAlertSettings | null>({ queryKey: queryKeys.voiceAlerts, enabled: Boolean(user) });
}

/**
 * PUT /api/notifications/preferences: the answer replaces the cached preferences, which are then refetched with the
 * SMS number's verification.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => updateNotificationPreferences(input),
    retry: false,
    onSuccess: (saved, input) =>
      queryClient.setQueryData<NotificationPreferences | null>(
        queryKeys.notificationPreferences,
        saved ?? input,
      ),
    // A new SMS number was sent a code: its verification state changed too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences }),
        queryClient.invalidateQueries({ queryKey: queryKeys.smsVerification }),
      ]),
  });
}

/** PUT /api/user/voice-alerts: the answer replaces the cached settings, which are then refetched. */
export function useSaveVoiceAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VoiceAlertSettings) => updateVoiceAlerts(input),
    retry: false,
    onSuccess: (saved, input) =>
      queryClient.setQueryData<VoiceAlertSettings | null>(queryKeys.voiceAlerts, saved ?? input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.voiceAlerts }),
  });
}
