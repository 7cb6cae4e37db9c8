import { asList, callApi } from '../../api/client';
import { api } from '../../api/routes';
import { capText, PHONE_PREVIEW_CHARS, PHONE_SUMMARY_COUNT, spokenList } from '../../state/inline-card';
import {
  actionFailed,
  defineActions,
  errorText,
  orFailed,
  str,
  type ActionHandler,
} from '../chat-kit/action-kit';

const phoneMessages: ActionHandler = () =>
  orFailed('Phone Error', async () => {
    const messages = asList(await callApi(api.telephony.phoneMessages));
    if (messages.length === 0)
      return { ok: true, toast: { title: 'No Phone Calls', description: 'Nobody has left a message yet.' } };
    const items = messages.slice(0, PHONE_SUMMARY_COUNT).map((m) => ({
      primary: m.caller_name || m.caller_number,
      secondary: m.transcript ? capText(m.transcript, PHONE_PREVIEW_CHARS) : 'No transcript',
    }));
    return {
      ok: true,
      card: { kind: 'list', title: `Phone messages (${messages.length})`, items },
      speak: phoneSummary(messages.length, items),
    };
  });

/**
 * What is read aloud for phone messages (doc1 §9: up to 3 messages, each with a 50-character transcript preview):
 * how many, then who called and what they said.
 */
export function phoneSummary(total: number, items: { primary: string; secondary?: string }[]): string {
  const said = items.map((item) => `${item.primary}: ${item.secondary ?? 'No transcript'}`);
  const more = total - items.length;
  const count = `You have ${total} phone ${total === 1 ? 'message' : 'messages'}`;
  return `${count}. ${spokenList(more > 0 ? [...said, `${more} more`] : said)}.`;
}

export const actions = defineActions({
  async draft_text_message(args, type) {
    let message = str(args.message);
    const card = () => ({ kind: 'sms_draft' as const, message, context: str(args.context) });
    if (args.includeBookingLink) {
      try {
        message = (await callApi(api.chat.draftMessage, args)).message || message;
      } catch (error) {
        return actionFailed(type, errorText(error));
      }
      // doc1 §8: 'Message Ready' once the server has added the booking link.
      return {
        ok: true,
        toast: {
          title: 'Message Ready',
          description: 'Your text with your booking link is below. Review it before sending.',
          variant: 'success',
        },
        card: card(),
      };
    }
    return {
      ok: true,
      toast: {
        title: 'Message Drafted',
        description: 'Review the text below before sending it.',
        variant: 'success',
      },
      card: card(),
    };
  },
  check_phone_calls: phoneMessages,
  get_phone_messages: phoneMessages,
});
