import type { ModelMessage } from '../model/chat-model.provider';
import type { Career } from '../personas/careers.constants';
import type { Personality } from '../personas/personalities.constants';
import type { TwinProfile } from '../twin/entities/twin.entity';

/** History a prompt carries at most (doc1 §9). */
export const HISTORY_LIMIT = 10;

export interface PromptParts {
  personality: Personality;
  career: Career;
  memories: { type: string; content: string; importance: number }[];
  twin: { profile: TwinProfile | null; facts: string; boundaries: string } | null;
  now: Date;
}

const TOOL_GUIDANCE =
  'When the user asks for something one of your tools does (reminders, weather, events, Discord, web search, drafting texts or emails, email clean-up, interpreter, music, phone messages), call the tool: the app shows it as a button the user clicks to run it, so never claim it is already done.';

// Building an Intl formatter is costly; one for the process keeps the hot path lean.
const NOW_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' });

export function systemPrompt(parts: PromptParts): string {
  const sections = [
    parts.personality.systemPrompt,
    `Current time: ${NOW_FORMAT.format(parts.now)} (America/New_York).`,
    TOOL_GUIDANCE,
  ];
  if (parts.career.contextPrompt) sections.push(`Career context: ${parts.career.contextPrompt}`);
  if (parts.memories.length) {
    sections.push(`What you remember about the user:\n${parts.memories.map((m) => `- ${m.content}`).join('\n')}`);
  }
  const twin = parts.twin;
  if (twin?.profile) {
    const lines = [
      `The user's own voice (match it when drafting messages or emails on their behalf): ${twin.profile.voice_summary} Tone: ${twin.profile.tone_adjectives.join(', ')}.`,
    ];
    if (twin.facts) lines.push(`Facts the user shared about themself: ${twin.facts}`);
    if (twin.boundaries) lines.push(`Boundaries when writing as the user: ${twin.boundaries}`);
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n');
}

/** System prompt, then at most the last 10 history messages, then the new message. */
export function modelMessages(system: string, history: { role: 'user' | 'assistant'; content: string }[], message: string): ModelMessage[] {
  return [
    { role: 'system', content: system },
    ...history.slice(-HISTORY_LIMIT).map((h) => ({ role: h.role, content: h.content })),
    { role: 'user', content: message },
  ];
}
