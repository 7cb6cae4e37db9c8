import { countQueuedCalls, useCallQueue } from '../outbound-calls/use-call-queue';
import { countNewPhoneMessages, usePhoneMessages } from '../phone/use-phone-messages';
import { countOpenReminders, useReminders } from '../reminders/use-reminders';
import { countUnreadNotifications, useNotifications } from '../notifications/use-notifications';

export interface NavBadges {
  phone: number;
  'outbound-calls': number;
  notifications: number;
  reminders: number;
}

/**
 * The four sidebar badges. Background queries: a failing or unbuilt service just shows no badge
 * (no error toast, no crash).
 */
export function useNavBadges(): NavBadges {
  const phone = usePhoneMessages();
  const queue = useCallQueue();
  const notifications = useNotifications();
  const reminders = useReminders();
  return {
    phone: countNewPhoneMessages(phone.data),
    'outbound-calls': countQueuedCalls(queue.data),
    notifications: countUnreadNotifications(notifications.data),
    reminders: countOpenReminders(reminders.data),
  };
}
