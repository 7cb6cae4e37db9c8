import type { ChatAction } from '@jarvis/contracts';
import * as calls from '../../../api/actions';
import { isApiError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { createReminder } from '../../../api/reminders';
import type { ToastInput } from '../../../components/toast/toast-context';
import {
  capText,
  PHONE_PREVIEW_CHARS,
  PHONE_SUMMARY_COUNT,
  SEARCH_TOAST_CHARS,
  SEARCH_TOAST_MS,
  type InlineCardInput,
} from '../cards/inline-card';

/** What a run produced: the toast to show, a card for under the message, and queries to refresh. */
export interface ActionOutcome {
  ok: boolean;
  toast?: ToastInput;
  card?: InlineCardInput;
  invalidate?: (readonly unknown[])[];
  /** A page to open in a new tab (an unsubscribe link). */
  openUrl?: string;
}

export const FORECAST_DEFAULT_DAYS = 5;
export const NEARBY_DEFAULT_RADIUS = 50;
export const DEFAULT_SEARCH_RECENCY = 'day';

const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value);

function errorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function failed(title: string, description: string): ActionOutcome {
  return { ok: false, toast: { title, description, variant: 'destructive' } };
}

/** 'Action Failed' / 'Failed to execute {type}: {message}' (doc1 §8). */
export function actionFailed(type: string, message: string): ActionOutcome {
  return failed('Action Failed', `Failed to execute ${type}: ${message}`);
}

const EMAIL_OPS = {
  unsubscribe_email: { op: 'unsubscribe', errorTitle: 'Unsubscribe Error', done: 'Unsubscribed' },
  trash_email: { op: 'trash', errorTitle: 'Trash Error', done: 'Moved to Trash' },
  delete_email: { op: 'delete', errorTitle: 'Delete Error', done: 'Email Deleted' },
  mark_spam: { op: 'spam', errorTitle: 'Spam Error', done: 'Marked as Spam' },
} as const;

const PREMIUM_FEATURE: ToastInput = {
  title: 'Premium Feature',
  description: 'Email management requires Premium or Enterprise plan',
  variant: 'destructive',
};

function requiresUpgrade(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && (body as { requiresUpgrade?: unknown }).requiresUpgrade);
}

async function emailAction(
  type: keyof typeof EMAIL_OPS,
  args: Record<string, unknown>,
): Promise<ActionOutcome> {
  const { op, errorTitle, done } = EMAIL_OPS[type];
  const messageId = str(args.messageId);
  if (!messageId) return failed(errorTitle, 'This action does not name an email.');
  try {
    const result = await calls.manageEmail(messageId, op);
    if (requiresUpgrade(result)) return { ok: false, toast: PREMIUM_FEATURE };
    if (result?.error || result?.success === false)
      return failed(errorTitle, result?.error ?? 'The email could not be updated.');
    if (op === 'unsubscribe') {
      if (!result?.unsubscribeUrl) {
        return { ok: true, toast: { title: 'No Unsubscribe Link', description: result?.message } };
      }
      return {
        ok: true,
        openUrl: result.unsubscribeUrl,
        toast: { title: done, description: result.message, variant: 'success' },
      };
    }
    return { ok: true, toast: { title: done, description: result?.message, variant: 'success' } };
  } catch (error) {
    if (isApiError(error) && requiresUpgrade(error.body)) return { ok: false, toast: PREMIUM_FEATURE };
    return failed(errorTitle, errorText(error));
  }
}

function eventsOutcome(events: calls.EventResult[], nearby: boolean, title: string): ActionOutcome {
  if (events.length === 0) {
    return {
      ok: true,
      toast: {
        title: 'No Events Found',
        description: nearby ? 'No events found in your area' : 'No events match your search criteria',
      },
    };
  }
  return { ok: true, card: { kind: 'events', title, events } };
}

/**
 * Runs one action against the real endpoints (doc1 §4, §7, §8). Never throws: a failure is an outcome with
 * ok false and the toast of its type.
 */
export async function executeAction(action: Pick<ChatAction, 'type' | 'args'>): Promise<ActionOutcome> {
  const args = action.args ?? {};
  const { type } = action;
  switch (type) {
    case 'create_reminder': {
      try {
        const reminder = await createReminder({
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
          invalidate: [queryKeys.reminders],
        };
      } catch (error) {
        return actionFailed(type, errorText(error));
      }
    }
    case 'get_weather': {
      try {
        const weather = await calls.getWeather(str(args.location));
        return { ok: true, card: { kind: 'weather', weather } };
      } catch (error) {
        return failed('Weather Error', errorText(error));
      }
    }
    case 'get_forecast': {
      try {
        const days = Number(args.days) > 0 ? Math.round(Number(args.days)) : FORECAST_DEFAULT_DAYS;
        const forecast = await calls.getForecast(str(args.location), days);
        return { ok: true, card: { kind: 'forecast', forecast } };
      } catch (error) {
        return failed('Forecast Error', errorText(error));
      }
    }
    case 'search_events': {
      try {
        const events = await calls.searchEvents({
          keyword: args.keyword,
          location: args.location,
          genre: args.genre,
          size: args.size,
        });
        const place = str(args.location);
        return eventsOutcome(
          events,
          false,
          `Events${str(args.keyword) ? `: ${str(args.keyword)}` : ''}${place ? ` in ${place}` : ''}`,
        );
      } catch (error) {
        return failed('Event Search Error', errorText(error));
      }
    }
    case 'find_events_near': {
      try {
        const radius = Number(args.radius) > 0 ? Number(args.radius) : NEARBY_DEFAULT_RADIUS;
        const events = await calls.findEventsNear({
          location: str(args.location),
          ...(str(args.keyword) ? { keyword: str(args.keyword) } : {}),
          radius,
        });
        return eventsOutcome(events, true, `Events near ${str(args.location)}`);
      } catch (error) {
        return failed('Event Search Error', errorText(error));
      }
    }
    case 'send_discord_message': {
      try {
        await calls.sendDiscordMessage(str(args.channelId), str(args.content));
        return {
          ok: true,
          toast: { title: 'Message Sent', description: 'Your Discord message was sent.', variant: 'success' },
        };
      } catch (error) {
        return failed('Discord Error', errorText(error));
      }
    }
    case 'get_discord_servers': {
      try {
        const servers = await calls.getDiscordServers();
        if (servers.length === 0)
          return {
            ok: true,
            toast: { title: 'No Servers', description: 'The Jarvis bot is not in any Discord server yet.' },
          };
        return {
          ok: true,
          card: { kind: 'list', title: 'Discord servers', items: servers.map((s) => ({ primary: s.name })) },
        };
      } catch (error) {
        return failed('Discord Error', errorText(error));
      }
    }
    case 'get_discord_channels': {
      try {
        const channels = await calls.getDiscordChannels(str(args.guildId));
        if (channels.length === 0)
          return {
            ok: true,
            toast: { title: 'No Channels', description: 'That server has no channels the bot can see.' },
          };
        return {
          ok: true,
          card: {
            kind: 'list',
            title: 'Discord channels',
            items: channels.map((c) => ({ primary: `#${c.name}` })),
          },
        };
      } catch (error) {
        return failed('Discord Error', errorText(error));
      }
    }
    case 'search_web': {
      try {
        const query = str(args.query);
        const result = await calls.searchWeb(query, str(args.searchRecency) || DEFAULT_SEARCH_RECENCY);
        const text = result?.text ?? '';
        return {
          ok: true,
          toast: {
            title: 'Search Results',
            description: capText(text, SEARCH_TOAST_CHARS),
            durationMs: SEARCH_TOAST_MS,
          },
          card: { kind: 'web_search', query, text, citations: result?.citations ?? [] },
        };
      } catch (error) {
        return failed('Search Error', errorText(error));
      }
    }
    case 'draft_text_message': {
      let message = str(args.message);
      if (args.includeBookingLink) {
        try {
          message = (await calls.draftMessage(args)).message || message;
        } catch (error) {
          return actionFailed(type, errorText(error));
        }
      }
      return {
        ok: true,
        toast: {
          title: 'Message Drafted',
          description: 'Review the text below before sending it.',
          variant: 'success',
        },
        card: { kind: 'sms_draft', message, context: str(args.context) },
      };
    }
    case 'draft_email':
      return {
        ok: true,
        toast: { title: 'Email Drafted', description: 'Your draft is below.', variant: 'success' },
        card: {
          kind: 'email_draft',
          subject: str(args.subject),
          message: str(args.message),
          context: str(args.context),
        },
      };
    case 'start_interpreter':
      return {
        ok: true,
        toast: {
          title: 'Interpreter Mode Started',
          description: 'Live interpretation needs the voice features, which are on their way.',
        },
        card: {
          kind: 'interpreter',
          fromLanguage: str(args.from_language) || 'Auto-detect',
          toLanguage: str(args.to_language) || 'English',
          mode: str(args.mode) || 'real-time interpretation',
        },
      };
    case 'identify_music':
      return {
        ok: true,
        toast: {
          title: 'Music Identifier Ready',
          description: 'Listening for songs needs the voice features, which are on their way.',
        },
        card: { kind: 'music', context: str(args.context) },
      };
    case 'create_notion_task':
    case 'create_linear_issue': {
      const integration = type === 'create_notion_task' ? 'Notion' : 'Linear';
      return {
        ok: false,
        toast: {
          title: `${integration} Setup Required`,
          description: `Connect ${integration} to create ${type === 'create_notion_task' ? 'tasks' : 'issues'} from chat.`,
        },
      };
    }
    case 'check_phone_calls':
    case 'get_phone_messages': {
      try {
        const messages = await calls.getPhoneMessages();
        if (messages.length === 0)
          return {
            ok: true,
            toast: { title: 'No Phone Calls', description: 'Nobody has left a message yet.' },
          };
        const items = messages.slice(0, PHONE_SUMMARY_COUNT).map((m) => ({
          primary: m.caller_name || m.caller_number,
          secondary: m.transcript ? capText(m.transcript, PHONE_PREVIEW_CHARS) : 'No transcript',
        }));
        return { ok: true, card: { kind: 'list', title: `Phone messages (${messages.length})`, items } };
      } catch (error) {
        return failed('Phone Error', errorText(error));
      }
    }
    case 'unsubscribe_email':
    case 'trash_email':
    case 'delete_email':
    case 'mark_spam':
      return emailAction(type, args);
    case 'generate_contract':
    case 'image_analysis':
      return actionFailed(type, 'This action is not available in Jarvis yet.');
  }
}
