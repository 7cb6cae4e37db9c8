import { z } from 'zod';
import type { Tier } from '../context';
import { endpoint, idParam, noInput, oauthCallback, returns, rowId } from '../endpoint';

/** Action types an assistant reply may offer (doc1 §3). The model can never produce any other. */
export const ACTION_TYPES = [
  'create_reminder', 'generate_contract', 'get_weather', 'get_forecast', 'search_events', 'find_events_near',
  'send_discord_message', 'get_discord_servers', 'get_discord_channels', 'search_web', 'draft_text_message',
  'draft_email', 'unsubscribe_email', 'trash_email', 'delete_email', 'mark_spam', 'start_interpreter',
  'identify_music', 'create_notion_task', 'create_linear_issue', 'check_phone_calls', 'get_phone_messages',
  'image_analysis',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface ChatAction {
  type: ActionType;
  args: Record<string, unknown>;
  /** true done, false failed, absent pending. */
  executed?: boolean;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  actions?: ChatAction[];
}

export const PERSONALITY_IDS = [
  'friendly_companion', 'professional_assistant', 'witty_sarcastic', 'supportive_therapist',
  'enthusiastic_cheerleader', 'wise_mentor', 'advanced_professor',
] as const;
export type PersonalityId = (typeof PERSONALITY_IDS)[number];

export const CAREER_IDS = [
  'general', 'realtor', 'hairstylist', 'teacher', 'lawyer', 'business_owner', 'healthcare', 'financial_advisor',
  'creative', 'fitness',
] as const;
export type CareerId = (typeof CAREER_IDS)[number];

/** A personality or career as GET /api/personality and /api/career list them. */
export interface PersonaChoice<Id extends string = string> {
  id: Id;
  name: string;
  description: string;
  color?: string;
  icon?: string;
  previewResponse?: string;
  /** The lowest plan that may select it. */
  requiredTier?: Tier;
}

export const MEMORY_TYPES = ['profile', 'episode', 'interaction', 'other'] as const;
export interface Memory {
  id: string;
  type: (typeof MEMORY_TYPES)[number];
  content: string;
  importance: number;
  created_at: string;
  tags: string[];
}

export interface Pattern {
  id: string;
  type: 'temporal' | 'topical' | 'behavioral' | 'preference';
  description: string;
  prediction: string;
  confidence: number;
}
export interface PatternInsight {
  type: 'timing_prediction' | 'next_topic' | 'behavior_pattern' | 'preference_suggestion';
  prediction: string;
  timeframe?: string;
  confidence: number;
}

export interface Whisper {
  id: string;
  text: string;
  type: 'planning' | 'commute' | 'wellness' | 'bills';
  action?: string;
}

export interface QuickResponseShortcut {
  id: string;
  name: string;
  trigger_phrases: string[];
  response_template: string;
  is_active: boolean;
  usage_count: number;
}

export interface Conversation {
  id: string;
  title: string;
  description: string | null;
  created_at: string;
  messageIds: string[];
  isPublic: boolean;
  shareToken: string | null;
}
export interface SharedConversation {
  title: string;
  description: string | null;
  created_at: string;
  messages: ChatMessage[];
}
export interface RecoverableConversation {
  id: string;
  title: string;
  description: string | null;
  created_at: string;
  messageCount: number;
}

const historyItem = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  role: z.enum(['user', 'assistant']),
  content: z.string().max(20_000),
  timestamp: z.union([z.string().max(100), z.number()]).optional(),
  // The model reads role and content; of an action only its type and outcome are kept (its args are dropped).
  actions: z.array(z.object({ type: z.string().max(100), executed: z.boolean().optional() })).max(50).optional(),
});

export const chatRequest = z.object({
  message: z.string({ error: 'message is required' }).trim().min(1, 'Message cannot be empty').max(8_000),
  history: z.array(historyItem).max(50).optional().default([]).transform((h) => h.slice(-10)),
});

const shortcutBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  trigger_phrases: z
    .array(z.string().max(200))
    .max(50)
    .default([])
    .transform((list) => list.map((p) => p.trim()).filter((p) => p.length > 0)),
  response_template: z.string().trim().min(1, 'Response template is required').max(4_000),
  is_active: z.boolean().default(true),
});

const location = z.string().trim().min(1, 'location is required').max(200);
/** Discord snowflakes: 5 to 25 digits. */
const discordId = (message: string) => z.string().max(25, message).regex(/^\d{5,25}$/, message);

export const chatEndpoints = {
  send: endpoint({
    method: 'POST', path: '/api/chat', service: 'chat', subject: 'chat.messages.send', access: 'user',
    request: chatRequest, timeoutMs: 30_000, streams: true, quota: { kind: 'chat_messages' },
    response: returns<{ reply: string; actions: ChatAction[]; userMessageId: string; assistantMessageId: string }>(),
  }),
  setActionOutcome: endpoint({
    method: 'PUT', path: '/api/chat/messages/:id/actions/:index', service: 'chat', subject: 'chat.actions.setOutcome',
    access: 'user',
    request: z.object({ id: rowId(), index: z.coerce.number().int().min(0).max(50), executed: z.boolean() }),
    response: returns<{ success: true }>(),
  }),
  messages: endpoint({
    method: 'GET', path: '/api/chat/messages', service: 'chat', subject: 'chat.messages.list', access: 'user',
    request: noInput, response: returns<ChatMessage[]>(),
  }),
  feedback: endpoint({
    method: 'POST', path: '/api/chat/feedback', service: 'chat', subject: 'chat.feedback.create', access: 'user',
    request: z.object({ messageId: rowId(), feedbackType: z.enum(['like', 'dislike']) }),
    response: returns<{ success: true }>(),
  }),
  getPersonality: endpoint({
    method: 'GET', path: '/api/personality', service: 'chat', subject: 'chat.personality.get', access: 'user',
    request: noInput,
    response: returns<{ personalityId: PersonalityId; personalities: PersonaChoice<PersonalityId>[] }>(),
  }),
  setPersonality: endpoint({
    method: 'POST', path: '/api/personality', service: 'chat', subject: 'chat.personality.set', access: 'user',
    request: z.object({ personalityId: z.enum(PERSONALITY_IDS) }), response: returns<{ personalityId: PersonalityId }>(),
  }),
  previewPersonality: endpoint({
    method: 'POST', path: '/api/personality/preview', service: 'chat', subject: 'chat.personality.preview',
    access: 'user', timeoutMs: 30_000, quota: { kind: 'persona_requests' },
    request: z.object({ personalityId: z.enum(PERSONALITY_IDS), message: z.string().trim().max(2_000).optional() }),
    response: returns<{ response: string }>(),
  }),
  getCareer: endpoint({
    method: 'GET', path: '/api/career', service: 'chat', subject: 'chat.career.get', access: 'user',
    request: noInput, response: returns<{ careerProfile: CareerId; careers: PersonaChoice<CareerId>[] }>(),
  }),
  setCareer: endpoint({
    method: 'POST', path: '/api/career', service: 'chat', subject: 'chat.career.set', access: 'user',
    request: z.object({ careerProfile: z.enum(CAREER_IDS) }), response: returns<{ careerProfile: CareerId }>(),
  }),
  memories: endpoint({
    method: 'GET', path: '/api/memories', service: 'chat', subject: 'chat.memories.list', access: 'user',
    request: noInput, response: returns<Memory[]>(),
  }),
  deleteMemory: endpoint({
    method: 'DELETE', path: '/api/memory/:id', service: 'chat', subject: 'chat.memories.delete', access: 'user',
    request: idParam, response: returns<{ success: true }>(),
  }),
  cleanupPatternMemories: endpoint({
    method: 'DELETE', path: '/api/memories/cleanup-patterns', service: 'chat', subject: 'chat.memories.cleanupPatterns',
    access: 'user', request: noInput, response: returns<{ deleted: number }>(),
  }),
  patterns: endpoint({
    method: 'GET', path: '/api/patterns', service: 'chat', subject: 'chat.patterns.list', access: 'user',
    request: noInput, response: returns<Pattern[]>(),
  }),
  patternInsights: endpoint({
    method: 'GET', path: '/api/patterns/insights', service: 'chat', subject: 'chat.patterns.insights', access: 'user',
    request: noInput, response: returns<PatternInsight[]>(),
  }),
  twin: endpoint({
    method: 'GET', path: '/api/twin', service: 'chat', subject: 'chat.twin.get', access: 'user',
    request: noInput,
    response: returns<{ samples: string[]; facts: string; boundaries: string; trained: boolean; profile: { voice_summary: string; tone_adjectives: string[] } | null }>(),
  }),
  trainTwin: endpoint({
    method: 'POST', path: '/api/twin/train', service: 'chat', subject: 'chat.twin.train', access: 'user',
    timeoutMs: 30_000, quota: { kind: 'persona_requests' },
    request: z.object({
      samples: z.array(z.string().max(10_000)).max(50),
      facts: z.string().max(10_000).optional().default(''),
      boundaries: z.string().max(10_000).optional().default(''),
    }),
    response: returns<{ success: true; profile: { voice_summary: string; tone_adjectives: string[] } }>(),
  }),
  shortcuts: endpoint({
    method: 'GET', path: '/api/quick-response-shortcuts', service: 'chat', subject: 'chat.shortcuts.list',
    access: 'user', request: noInput, response: returns<QuickResponseShortcut[]>(),
  }),
  createShortcut: endpoint({
    method: 'POST', path: '/api/quick-response-shortcuts', service: 'chat', subject: 'chat.shortcuts.create',
    access: 'user', request: shortcutBody, response: returns<QuickResponseShortcut>(),
  }),
  updateShortcut: endpoint({
    method: 'PUT', path: '/api/quick-response-shortcuts/:id', service: 'chat', subject: 'chat.shortcuts.update',
    access: 'user', request: shortcutBody.extend({ id: rowId() }), response: returns<QuickResponseShortcut>(),
  }),
  deleteShortcut: endpoint({
    method: 'DELETE', path: '/api/quick-response-shortcuts/:id', service: 'chat', subject: 'chat.shortcuts.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  whispers: endpoint({
    method: 'GET', path: '/api/whispers', service: 'chat', subject: 'chat.whispers.list', access: 'user',
    request: noInput, response: returns<Whisper[]>(),
  }),
  weather: endpoint({
    method: 'GET', path: '/api/weather/current/:location', service: 'chat', subject: 'chat.weather.current',
    access: 'user', request: z.object({ location }), quota: { kind: 'weather_requests' },
    response: returns<{ location: string; temperature: number; description: string; windSpeed: number; humidity: number }>(),
  }),
  forecast: endpoint({
    method: 'GET', path: '/api/weather/forecast/:location', service: 'chat', subject: 'chat.weather.forecast',
    access: 'user', request: z.object({ location, days: z.coerce.number().int().min(1).max(5).default(5) }),
    quota: { kind: 'weather_requests' },
    response: returns<{ location: string; forecast: { date: string; temperature: { min: number; max: number }; description: string }[] }>(),
  }),
  searchEvents: endpoint({
    method: 'GET', path: '/api/events/search', service: 'chat', subject: 'chat.events.search', access: 'user',
    quota: { kind: 'event_searches' },
    request: z.object({
      keyword: z.string().trim().max(200).optional(),
      location: z.string().trim().max(200).optional(),
      genre: z.string().trim().max(100).optional(),
      size: z.coerce.number().int().min(1).max(50).optional(),
    }),
    response: returns<{ name: string; dates: { start: { localDate: string } }; venue?: { name: string } }[]>(),
  }),
  eventsNear: endpoint({
    method: 'POST', path: '/api/events/near', service: 'chat', subject: 'chat.events.near', access: 'user',
    quota: { kind: 'event_searches' },
    request: z.object({
      location,
      keyword: z.string().trim().max(200).optional(),
      radius: z.coerce.number().int().min(1).max(500).default(50),
    }),
    response: returns<{ name: string; dates: { start: { localDate: string } }; venue?: { name: string } }[]>(),
  }),
  /** The connection test: the servers the caller added the bot to (never the bot's other servers). */
  discordServers: endpoint({
    method: 'GET', path: '/api/discord/servers', service: 'chat', subject: 'chat.discord.servers', access: 'user',
    request: noInput, response: returns<{ id: string; name: string }[]>(),
  }),
  /**
   * The bot-install link (Discord's OAuth2 authorize URL with doc3's permission integer, a single-use state bound
   * to the caller and the callback below as redirect_uri); null when DISCORD_CLIENT_ID or DISCORD_CLIENT_SECRET is
   * not set.
   */
  discordInvite: endpoint({
    method: 'GET', path: '/api/discord/invite', service: 'chat', subject: 'chat.discord.invite', access: 'user',
    request: noInput, response: returns<{ inviteUrl: string | null }>(),
  }),
  /**
   * Discord's redirect after the bot was added: checks the state, exchanges the code for the server it was added
   * to, binds that server to the caller and sends the browser to `/discord-setup?discord=connected` (or
   * `?discordError=<reason>`). The `guild_id` Discord also puts in the query is not trusted.
   */
  discordCallback: endpoint({
    method: 'GET', path: '/api/discord/callback', service: 'chat', subject: 'chat.discord.callback', access: 'user',
    request: oauthCallback, response: returns<{ location: string }>(), responseKind: 'redirect', timeoutMs: 20_000,
  }),
  discordChannels: endpoint({
    method: 'GET', path: '/api/discord/channels/:guildId', service: 'chat', subject: 'chat.discord.channels',
    access: 'user', request: z.object({ guildId: discordId('guildId must be a Discord id') }),
    response: returns<{ id: string; name: string }[]>(),
  }),
  discordMessage: endpoint({
    method: 'POST', path: '/api/discord/message', service: 'chat', subject: 'chat.discord.message', access: 'user',
    request: z.object({
      channelId: discordId('channelId must be a Discord id'),
      content: z.string().trim().min(1, 'content is required').max(2_000),
    }),
    response: returns<{ success: true; id: string }>(),
  }),
  webSearch: endpoint({
    method: 'POST', path: '/api/perplexity/search', service: 'chat', subject: 'chat.search.web', access: 'user',
    timeoutMs: 30_000, quota: { kind: 'web_searches' },
    request: z.object({
      query: z.string().trim().min(1, 'query is required').max(1_000),
      searchRecency: z.enum(['hour', 'day', 'week', 'month', 'year']).default('day'),
    }),
    response: returns<{ text: string; citations: string[] }>(),
  }),
  draftMessage: endpoint({
    method: 'POST', path: '/api/draft/message', service: 'chat', subject: 'chat.drafts.message', access: 'user',
    request: z.object({
      message: z.string().max(4_000).optional().default(''),
      context: z.string().max(4_000).optional(),
      includeBookingLink: z.boolean().optional(),
    }),
    response: returns<{ message: string }>(),
  }),
  saveConversation: endpoint({
    method: 'POST', path: '/api/conversations', service: 'chat', subject: 'chat.conversations.create', access: 'user',
    request: z.object({
      title: z.string().trim().min(1, 'Please enter a title for your conversation.').max(200),
      description: z.string().trim().max(2_000).nullish(),
      messageIds: z.array(rowId()).min(1, 'Start a conversation before saving.').max(1_000),
    }),
    response: returns<Conversation>(),
  }),
  conversations: endpoint({
    method: 'GET', path: '/api/conversations', service: 'chat', subject: 'chat.conversations.list', access: 'user',
    request: noInput, response: returns<Conversation[]>(),
  }),
  deleteConversation: endpoint({
    method: 'DELETE', path: '/api/conversations/:id', service: 'chat', subject: 'chat.conversations.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  shareConversation: endpoint({
    method: 'POST', path: '/api/conversations/:id/share', service: 'chat', subject: 'chat.conversations.share',
    access: 'user', request: z.object({ id: rowId(), isPublic: z.boolean() }),
    response: returns<{ isPublic: boolean; shareToken: string | null }>(),
  }),
  recoverSearch: endpoint({
    method: 'GET', path: '/api/conversations/recover/search', service: 'chat', subject: 'chat.conversations.recoverSearch',
    access: 'user', request: z.object({ title: z.string().trim().min(1, 'Enter a title').max(200) }),
    response: returns<RecoverableConversation[]>(),
  }),
  recoverClaim: endpoint({
    method: 'POST', path: '/api/conversations/recover/claim/:id', service: 'chat',
    subject: 'chat.conversations.recoverClaim', access: 'user', request: idParam, response: returns<Conversation>(),
  }),
  shared: endpoint({
    method: 'GET', path: '/api/shared/:shareToken', service: 'chat', subject: 'chat.conversations.shared',
    access: 'public', request: z.object({ shareToken: z.string().max(200) }), response: returns<SharedConversation>(),
  }),
};
