import { ACTION_TYPES, type ActionType, type ChatAction } from '@jarvis/contracts';
import { z } from 'zod';
import { createLogger } from '@jarvis/platform';

const log = createLogger('action-tools');

const text = (description: string) => z.string().describe(description);
const messageId = z.object({ messageId: text('The id of the email message') });

/**
 * One tool per action type of doc1 §3, with its argument names. The schema is both what the model is offered and
 * what its tool calls are validated against, so an action always carries the args the buttons expect.
 */
export const ACTION_ARGS: Record<ActionType, { description: string; args: z.ZodObject }> = {
  create_reminder: {
    description: 'Offer to create a reminder for the user.',
    args: z.object({
      title: text('What to be reminded of, e.g. "call mom"'),
      when: text('When, in the user\'s words, e.g. "tomorrow at 5pm"'),
      reminder_time: text('The exact time as an ISO 8601 timestamp, when known').optional(),
    }),
  },
  generate_contract: {
    description: 'Offer to draft a contract or legal document.',
    args: z.object({ title: text('The kind of contract'), details: text('What it should cover').optional() }),
  },
  get_weather: { description: 'Show the current weather for a place.', args: z.object({ location: text('City or place') }) },
  get_forecast: {
    description: 'Show the weather forecast for a place.',
    args: z.object({ location: text('City or place'), days: z.coerce.number().int().min(1).max(5).describe('Number of days, 1-5').optional() }),
  },
  search_events: {
    description: 'Search events (concerts, sports, shows) by keyword, location or genre.',
    args: z.object({
      keyword: text('Keyword, e.g. an artist or "jazz"').optional(),
      location: text('City').optional(),
      genre: text('Genre, e.g. music, sports').optional(),
      size: z.coerce.number().int().min(1).max(50).describe('How many results').optional(),
    }),
  },
  find_events_near: {
    description: 'Find events near a place.',
    args: z.object({
      location: text('City, or "lat,lon"'),
      keyword: text('Keyword').optional(),
      radius: z.coerce.number().int().min(1).max(500).describe('Radius in miles (default 50)').optional(),
    }),
  },
  send_discord_message: {
    description: 'Offer to post a message to a Discord channel.',
    args: z.object({ channelId: text('Discord channel id'), content: text('The message to post') }),
  },
  get_discord_servers: { description: 'List the Discord servers the bot is in.', args: z.object({}) },
  get_discord_channels: { description: 'List the text channels of a Discord server.', args: z.object({ guildId: text('Discord server id') }) },
  search_web: {
    description: 'Search the web for current information.',
    args: z.object({
      query: text('The search query'),
      searchRecency: z.enum(['hour', 'day', 'week', 'month', 'year']).describe('How recent the results must be').optional(),
    }),
  },
  draft_text_message: {
    description: 'Draft a text message (SMS) for the user to send.',
    args: z.object({
      message: text('The text of the message, in the user\'s voice'),
      context: text('Who it is for and why').optional(),
      includeBookingLink: z.boolean().describe('Add the user\'s booking link').optional(),
    }),
  },
  draft_email: {
    description: 'Draft an email for the user.',
    args: z.object({ subject: text('Subject line'), message: text('Body of the email'), context: text('Who it is for and why').optional() }),
  },
  unsubscribe_email: { description: 'Unsubscribe from the sender of an email.', args: messageId },
  trash_email: { description: 'Move an email to the trash.', args: messageId },
  delete_email: { description: 'Delete an email permanently.', args: messageId },
  mark_spam: { description: 'Mark an email as spam.', args: messageId },
  start_interpreter: {
    description: 'Start interpreter mode to translate speech between languages.',
    args: z.object({
      from_language: text('Spoken language, or "Auto-detect"').optional(),
      to_language: text('Target language'),
      mode: text('e.g. "real-time interpretation"').optional(),
    }),
  },
  identify_music: { description: 'Listen and identify the song playing.', args: z.object({ context: text('What the user said').optional() }) },
  create_notion_task: { description: 'Create a task in Notion.', args: z.object({ title: text('Task title') }) },
  create_linear_issue: { description: 'Create an issue in Linear.', args: z.object({ title: text('Issue title') }) },
  check_phone_calls: { description: 'Show the calls Jarvis answered.', args: z.object({}) },
  get_phone_messages: { description: 'Show the phone messages callers left.', args: z.object({}) },
  image_analysis: { description: 'Analyse an image the user provides.', args: z.object({ prompt: text('What to look for in the image').optional() }) },
};

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The OpenAI `tools` parameter: exactly the action types, computed once. */
export const ACTION_TOOLS: ToolDefinition[] = ACTION_TYPES.map((type) => {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(ACTION_ARGS[type].args) as Record<string, unknown>;
  return { type: 'function', function: { name: type, description: ACTION_ARGS[type].description, parameters } };
});

function isActionType(name: string): name is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(name);
}

/** Turns tool calls into actions; any call outside the list or with args that do not fit is dropped and logged. */
export function toActions(calls: { name: string; arguments: string }[]): ChatAction[] {
  const actions: ChatAction[] = [];
  for (const call of calls) {
    if (!isActionType(call.name)) {
      log.warn({ tool: call.name }, 'model called an unknown tool; dropped');
      continue;
    }
    let raw: unknown;
    try {
      raw = call.arguments ? JSON.parse(call.arguments) : {};
    } catch {
      log.warn({ tool: call.name }, 'tool call arguments are not JSON; dropped');
      continue;
    }
    const parsed = ACTION_ARGS[call.name].args.safeParse(raw);
    if (!parsed.success) {
      log.warn({ tool: call.name, issues: parsed.error.issues.map((i) => i.message) }, 'tool call arguments invalid; dropped');
      continue;
    }
    actions.push({ type: call.name, args: withDefaults(call.name, parsed.data as Record<string, unknown>) });
  }
  return actions;
}

function withDefaults(type: ActionType, args: Record<string, unknown>): Record<string, unknown> {
  if (type === 'search_web') return { searchRecency: 'day', ...args };
  if (type === 'get_forecast') return { days: 5, ...args };
  if (type === 'find_events_near') return { radius: 50, ...args };
  return args;
}

/** A short reply for a turn that is only actions (the model may answer with tool calls and no text). */
export function describeActions(actions: ChatAction[]): string {
  const lines = actions.map((action) => {
    const a = action.args as Record<string, string | number | undefined>;
    switch (action.type) {
      case 'create_reminder':
        return `I can set a reminder: **${a.title}** (${a.when ?? a.reminder_time}).`;
      case 'get_weather':
        return `I can show the current weather in ${a.location}.`;
      case 'get_forecast':
        return `I can show the ${a.days ?? 5}-day forecast for ${a.location}.`;
      case 'search_events':
        return `I can search events${a.keyword ? ` for "${a.keyword}"` : ''}${a.location ? ` in ${a.location}` : ''}.`;
      case 'find_events_near':
        return `I can find events${a.keyword ? ` for "${a.keyword}"` : ''} within ${a.radius ?? 50} miles of ${a.location}.`;
      case 'search_web':
        return `I can search the web for "${a.query}".`;
      case 'draft_text_message':
        return `Here's a draft text${a.context ? ` (${a.context})` : ''}: "${a.message}"`;
      case 'draft_email':
        return `Here's a draft email: **${a.subject}**`;
      default:
        return `I can do that: ${action.type.replace(/_/g, ' ')}.`;
    }
  });
  return `${lines.join('\n')}\n\nClick a button below to continue.`;
}
