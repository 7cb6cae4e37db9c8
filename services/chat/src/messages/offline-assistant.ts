import type { ChatAction } from '@jarvis/contracts';
import { describeActions } from '../model/action-tools';

/**
 * The assistant when no model is configured: it recognises the action intents (a reminder with its time, weather,
 * forecast, events, web search, drafting a text or an email) and otherwise says plainly what open conversation needs.
 * This is product behaviour, not a test double.
 */
export const NO_MODEL_HINT =
  'Open conversation needs a language model: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local Ollama, vLLM or LM Studio server) and restart Jarvis.';

const CAPABILITIES =
  "Without a model I can still help with quick actions: reminders (\"remind me to call mom tomorrow at 5pm\"), the weather or forecast for a place, events, web searches, and drafting texts or emails.";

export interface OfflineContext {
  /** Where the user said they live, for "weather" or "events near me" without a place. */
  homeLocation?: string;
}

export interface OfflineReply {
  reply: string;
  actions: ChatAction[];
}

const WEEKDAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const CLOCK = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)`;
const PART_OF_DAY = String.raw`(?:morning|afternoon|evening|night|weekend)`;
const COUNT = String.raw`(?:\d+|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|a few|a couple of)`;
const UNIT = String.raw`(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?)`;

/** One piece of a time expression; adjacent pieces ("tomorrow" + "at 5pm") form the reminder's `when`. */
const TIME_PART = new RegExp(
  String.raw`\b(?:` +
    [
      String.raw`(?:at|by|around|before|after)\s+(?:${CLOCK}|\d{1,2}(?!\d))`,
      CLOCK,
      String.raw`(?:tomorrow|today|tonight|tmrw?)(?:\s+${PART_OF_DAY})?`,
      String.raw`(?:this|every)\s+${PART_OF_DAY}`,
      String.raw`in\s+the\s+${PART_OF_DAY}`,
      String.raw`(?:next|this|every)\s+(?:week|month|year|${WEEKDAY})`,
      String.raw`(?:on\s+)?${WEEKDAY}(?:\s+${PART_OF_DAY})?`,
      String.raw`in\s+${COUNT}\s+${UNIT}`,
      String.raw`(?:on\s+)?${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?`,
      String.raw`(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+${MONTH})?`,
      String.raw`\d{4}-\d{2}-\d{2}`,
    ].join('|') +
    String.raw`)\b\.?`,
  'gi',
);

/** The first run of adjacent time pieces in `text`, with its position. */
export function findTimeExpression(text: string): { when: string; start: number; end: number } | null {
  const parts = [...text.matchAll(TIME_PART)];
  if (parts.length === 0) return null;
  let start = parts[0].index!;
  let end = start + parts[0][0].length;
  for (const part of parts.slice(1)) {
    const gap = text.slice(end, part.index);
    if (!/^[\s,]*(?:and\s+)?$/i.test(gap)) break;
    end = part.index! + part[0].length;
  }
  const when = text.slice(start, end).replace(/[.,\s]+$/, '');
  start = text.indexOf(when, start);
  return { when, start, end: start + when.length };
}

const POLITE = /^(?:(?:hey|hi|ok|okay)\s+)?(?:jarvis[,\s]+)?(?:(?:please|can you|could you|would you|will you)\s+)*/i;

function clean(text: string) {
  return text.replace(/\s{2,}/g, ' ').replace(/^[\s,:;-]+|[\s,.!?:;-]+$/g, '').trim();
}

function reminder(message: string): OfflineReply | null {
  const trigger = /\b(?:remind me|set (?:a |an )?reminder|create (?:a |an )?reminder|add (?:a |an )?reminder|don'?t let me forget)\b/i.exec(message);
  if (!trigger) return null;
  const time = findTimeExpression(message);
  let rest = message;
  if (time) rest = `${message.slice(0, time.start)} ${message.slice(time.end)}`;
  const afterTrigger = rest.slice(rest.search(new RegExp(trigger[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')) + trigger[0].length);
  const title = clean(afterTrigger.replace(/^\s*(?:me\s+)?(?:to|about|that|for|of)\s+/i, '').replace(/\s+(?:at|on|by|in)\s*$/i, ''));
  if (!title) return { reply: 'What should I remind you about, and when?', actions: [] };
  if (!time) return { reply: `When should I remind you to ${title}? For example "tomorrow at 5pm".`, actions: [] };
  const actions: ChatAction[] = [{ type: 'create_reminder', args: { title, when: time.when } }];
  return { reply: describeActions(actions), actions };
}

/** "in Paris", "for New York" at the end of a request, minus trailing time words. */
function placeIn(message: string): string | undefined {
  const match = /\b(?:in|for|at|near|around)\s+((?!me\b|my\b|the next\b|the coming\b)[A-Za-z][A-Za-z .,'-]*)$/i.exec(
    message.replace(/[?.!]+\s*$/, '').replace(/\s+(?:today|tomorrow|tonight|right now|now|this (?:week|weekend|morning|afternoon|evening)|next \d* ?days?|for the next .*|over the next .*|in the next .*)$/i, ''),
  );
  const place = match?.[1] ? clean(match[1].replace(/\s+(?:please|today|tomorrow)$/i, '')) : undefined;
  return place || undefined;
}

function weather(message: string, ctx: OfflineContext): OfflineReply | null {
  if (!/\b(?:weather|forecast|temperature|rain(?:ing|y)?|snow(?:ing)?|sunny|umbrella)\b/i.test(message)) return null;
  const location = placeIn(message) ?? ctx.homeLocation;
  const isForecast = /\b(?:forecast|next\s+\d*\s*days?|coming days|this week|this weekend|tomorrow|\d+[- ]day)\b/i.test(message);
  if (!location) return { reply: `Which city should I check the ${isForecast ? 'forecast' : 'weather'} for?`, actions: [] };
  if (isForecast) {
    const n = /\b(\d+)[- ]?days?\b/i.exec(message)?.[1];
    const days = n ? Math.min(5, Math.max(1, Number(n))) : /\btomorrow\b/i.test(message) ? 2 : 5;
    const actions: ChatAction[] = [{ type: 'get_forecast', args: { location, days } }];
    return { reply: describeActions(actions), actions };
  }
  const actions: ChatAction[] = [{ type: 'get_weather', args: { location } }];
  return { reply: describeActions(actions), actions };
}

const EVENT_NOUN = String.raw`(?:events?|concerts?|shows?(?!\s+me\b)|gigs?|festivals?|games?|matches|plays?|musicals?)`;

function events(message: string, ctx: OfflineContext): OfflineReply | null {
  const noun = new RegExp(String.raw`\b${EVENT_NOUN}\b|\bthings to do\b|\bwhat'?s happening\b`, 'i').exec(message);
  if (!noun) return null;
  const before = message.slice(0, noun.index);
  const keyword = clean(
    before
      .replace(POLITE, '')
      .replace(/^.*?\b(?:find|search(?: for)?|look(?:ing)? for|show me|any|are there|list|get)\b/i, '')
      .replace(/\b(?:me|some|any|upcoming|good|the|local|nearby|fun)\b/gi, ''),
  );
  const nounWord = noun[0].toLowerCase();
  const kw = keyword || (/^(?:events?|things to do|what'?s happening)$/.test(nounWord) ? undefined : nounWord.replace(/s$/, ''));
  const near = /\b(?:near(?:by)?|around (?:me|here)|close to)\b/i.test(message);
  const place = placeIn(message);
  if (near) {
    const location = place ?? ctx.homeLocation;
    if (!location) return { reply: 'Where should I look for events near you? Tell me a city.', actions: [] };
    const actions: ChatAction[] = [{ type: 'find_events_near', args: { location, ...(kw ? { keyword: kw } : {}), radius: 50 } }];
    return { reply: describeActions(actions), actions };
  }
  const location = place ?? ctx.homeLocation;
  const actions: ChatAction[] = [{ type: 'search_events', args: { ...(kw ? { keyword: kw } : {}), ...(location ? { location } : {}) } }];
  return { reply: describeActions(actions), actions };
}

function webSearch(message: string): OfflineReply | null {
  const match =
    /^(?:search(?: the web| online| the internet| google)?(?: for)?|look up|google|find out(?: about)?|what'?s the latest(?: news)? (?:on|about)|latest news (?:on|about)|news (?:on|about))\s+(.+)$/i.exec(
      message.replace(POLITE, '').trim(),
    );
  if (!match) return null;
  const query = clean(match[1]);
  if (!query) return null;
  const actions: ChatAction[] = [{ type: 'search_web', args: { query, searchRecency: 'day' } }];
  return { reply: describeActions(actions), actions };
}

function draftText(message: string): OfflineReply | null {
  const body = message.replace(POLITE, '').trim();
  const match =
    /^(?:(?:draft|write|compose|send)\s+(?:a\s+)?(?:text(?: message)?|sms|message)\s+(?:to|for)\s+|text\s+|message\s+)([A-Za-z][\w'-]*(?:\s+(?!(?:saying|that|to|telling)\b)[A-Z][\w'-]*)?)\s*(?:,|:|saying|that says|that|to say|telling (?:them|him|her))?\s+(.+)$/i.exec(
      body,
    );
  if (!match) return null;
  const recipient = match[1];
  const includeBookingLink = /\b(?:with|include|add)\s+(?:my\s+)?booking link\b/i.test(body);
  const text = clean(match[2].replace(/\s*(?:and\s+)?(?:with|include|add)\s+(?:my\s+)?booking link\b/i, ''));
  if (!text) return null;
  const message_ = text.charAt(0).toUpperCase() + text.slice(1);
  const actions: ChatAction[] = [
    { type: 'draft_text_message', args: { message: message_, context: `Text to ${recipient}`, ...(includeBookingLink ? { includeBookingLink } : {}) } },
  ];
  return { reply: describeActions(actions), actions };
}

function draftEmail(message: string): OfflineReply | null {
  const body = message.replace(POLITE, '').trim();
  if (!/^(?:draft|write|compose|send)\s+(?:an?\s+)?e-?mail\b/i.test(body)) return null;
  const recipient = /\bto\s+([\w.@'-]+(?:\s+[A-Z][\w'-]*)?)/.exec(body)?.[1];
  const subject = clean(/\b(?:about|regarding|re:?)\s+(.+?)(?=\s+(?:saying|that says|to say|telling)\b|$)/i.exec(body)?.[1] ?? '');
  const said = clean(/\b(?:saying|that says|to say|telling (?:them|him|her))\s+(.+)$/i.exec(body)?.[1] ?? '');
  const topic = subject || 'our conversation';
  const greeting = recipient ? `Hi ${recipient},` : 'Hi,';
  const text = said ? said.charAt(0).toUpperCase() + said.slice(1) : `I wanted to follow up about ${topic}.`;
  const actions: ChatAction[] = [
    {
      type: 'draft_email',
      args: {
        subject: subject ? subject.charAt(0).toUpperCase() + subject.slice(1) : 'Following up',
        message: `${greeting}\n\n${/[.!?]$/.test(text) ? text : `${text}.`}\n\nBest regards`,
        context: recipient ? `Email to ${recipient}` : 'Email',
      },
    },
  ];
  return { reply: describeActions(actions), actions };
}

export function offlineReply(message: string, ctx: OfflineContext = {}): OfflineReply {
  const text = message.trim();
  for (const intent of [reminder, draftEmail, draftText, webSearch, (m: string) => weather(m, ctx), (m: string) => events(m, ctx)]) {
    const result = intent(text);
    if (result) return result;
  }
  return { reply: `${CAPABILITIES}\n\n${NO_MODEL_HINT}`, actions: [] };
}

/** The offline answer to a message that only told Jarvis facts about the user ("my name is Sam"). */
export function rememberedReply(facts: string[]): string {
  return `Got it, I'll remember that: ${facts.join('; ')}.\n\n${NO_MODEL_HINT}`;
}
