import type { ChatAction } from '@jarvis/contracts';
import type { NewMemory } from './entities/memory.entity';

/** Stops a captured phrase at the end of its clause. */
const CLAUSE = String.raw`([^.,;!?\n]{2,80}?)(?=\s+(?:and|but|so|because)\s|[.,;!?\n]|$)`;

interface Rule {
  pattern: RegExp;
  build(value: string): NewMemory;
}

const RULES: Rule[] = [
  {
    pattern: /\bmy name is ([A-Za-z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)?)/i,
    build: (v) => ({ type: 'profile', content: `User's name is ${capitalise(personName(v))}`, importance: 5, tags: ['name', 'identity'] }),
  },
  {
    pattern: /\b(?:call me|i go by) ([A-Za-z][A-Za-z'-]*)/i,
    build: (v) => ({ type: 'profile', content: `Prefers to be called ${capitalise(v)}`, importance: 5, tags: ['name', 'identity'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi (?:live|am living|'m living) in ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Lives in ${capitalise(v)}`, importance: 4, tags: ['location', 'home'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi(?: am|'m) from ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Is from ${capitalise(v)}`, importance: 3, tags: ['location', 'origin'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi work as (?:an? )?${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Works as ${article(v)}`, importance: 4, tags: ['work', 'career'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi work (?:at|for) ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Works at ${v}`, importance: 4, tags: ['work', 'employer'] }),
  },
  {
    pattern: new RegExp(String.raw`\bmy (?:job|profession|occupation) is (?:an? )?${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Works as ${article(v)}`, importance: 4, tags: ['work', 'career'] }),
  },
  {
    pattern: new RegExp(String.raw`\bmy birthday is (?:on )?${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Birthday is ${v}`, importance: 4, tags: ['birthday', 'date'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi (?:really )?(?:like|love|enjoy|adore) ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Likes ${v}`, importance: 3, tags: ['preference', 'likes'] }),
  },
  {
    pattern: new RegExp(String.raw`\bmy favou?rite ([a-z]+) is ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: v, importance: 3, tags: ['preference', 'favorite'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi (?:really )?(?:hate|dislike|can't stand|don't like) ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Dislikes ${v}`, importance: 3, tags: ['preference', 'dislikes'] }),
  },
  {
    pattern: new RegExp(String.raw`\bi(?: am|'m) allergic to ${CLAUSE}`, 'i'),
    build: (v) => ({ type: 'profile', content: `Allergic to ${v}`, importance: 5, tags: ['health', 'allergy'] }),
  },
];

/** Keeps a second name word only when the user wrote it capitalised and it is not a joining word ("Sam and ..."). */
function personName(value: string) {
  const [first, second] = value.split(' ');
  return second && /^[A-Z]/.test(second) && !/^(?:and|but|or|so|because|i|im)$/i.test(second) ? `${first} ${second}` : first;
}

const FILLER = /^(?:to |the idea of )/i;
const TRAILING_TIME = /\s+(?:now|right now|currently|these days|at the moment)$/i;
const VAGUE = /^(?:it|that|this|them|you|him|her|so much|a lot|too)$/i;

/**
 * Facts the user states about themself ("my name is X", "I live in Y", "I like Z", "I work as W") as profile
 * memories with an importance. Only explicit first-person statements count: nothing is guessed.
 */
export function extractProfileMemories(message: string): NewMemory[] {
  const found: NewMemory[] = [];
  for (const rule of RULES) {
    const match = rule.pattern.exec(message);
    if (!match) continue;
    const value = (match.length > 2 ? `Favorite ${match[1].toLowerCase()} is ${match[2]}` : match[1]).trim().replace(FILLER, '').replace(TRAILING_TIME, '');
    if (!value || VAGUE.test(value) || /\?/.test(message.slice(0, match.index + match[0].length + 1))) continue;
    found.push(rule.build(value));
  }
  return found;
}

/**
 * A small episode memory when the turn led to something the user may want recalled later (an action offered);
 * ordinary chit-chat leaves no trace in the memory bank.
 */
export function episodeMemory(actions: ChatAction[]): NewMemory | null {
  const first = actions[0];
  if (!first) return null;
  const a = first.args as Record<string, unknown>;
  const describe: Partial<Record<ChatAction['type'], () => string>> = {
    create_reminder: () => `Asked to be reminded to ${a.title} (${a.when ?? a.reminder_time})`,
    get_weather: () => `Asked about the weather in ${a.location}`,
    get_forecast: () => `Asked for the forecast in ${a.location}`,
    search_events: () => `Looked for events${a.keyword ? ` (${a.keyword})` : ''}${a.location ? ` in ${a.location}` : ''}`,
    find_events_near: () => `Looked for events near ${a.location}`,
    search_web: () => `Searched the web for "${a.query}"`,
    draft_text_message: () => `Drafted a text${a.context ? ` (${a.context})` : ''}`,
    draft_email: () => `Drafted an email: ${a.subject}`,
  };
  const text = describe[first.type]?.();
  if (!text) return null;
  return { type: 'episode', content: text, importance: first.type === 'create_reminder' ? 3 : 2, tags: [first.type.replace(/_/g, '-')] };
}

/** The place the user said they live, for weather and events without a named place. */
export function homeLocation(memories: { content: string; tags: string[] }[]): string | undefined {
  const home = memories.find((m) => m.tags.includes('home') && m.content.startsWith('Lives in '));
  return home?.content.slice('Lives in '.length);
}

function capitalise(value: string) {
  return value.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function article(value: string) {
  return /^(?:an?|the) /i.test(value) ? value : `${/^[aeiou]/i.test(value) ? 'an' : 'a'} ${value}`;
}
