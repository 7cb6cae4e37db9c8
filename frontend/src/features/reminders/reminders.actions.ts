import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { actionFailed, defineActions, errorText, str } from '../chat-kit/action-kit';

export const actions = defineActions({
  async create_reminder(args, type) {
    try {
      const reminder = await callApi(api.calendar.createReminder, {
        title: str(args.title),
        ...(str(args.when) ? { when: str(args.when) } : {}),
        ...(str(args.reminder_time) ? { reminder_time: str(args.reminder_time) } : {}),
      });
      return {
        ok: true,
        toast: {
          title: 'Reminder Created',
          description: reminder?.title ?? str(args.title),
          variant: 'success',
        },
        invalidate: [queryKeyOf(api.calendar.reminders)],
      };
    } catch (error) {
      return actionFailed(type, errorText(error));
    }
  },
});
