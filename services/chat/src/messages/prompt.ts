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

/**
 * A live voice session (`/api/voice/live`) is heard, not read, and has no tools: the app's buttons never show there.
 */
const SPOKEN_GUIDANCE =
  'You are talking with the user out loud, in a live voice conversation: answer in short spoken sentences, with no markdown, lists, links or emoji. You cannot set reminders, send messages or run other app actions from here: when asked, say the user can ask for it in the chat.';

/** `spoken`: the instructions of a live voice session instead of a chat turn's. */
export function systemPrompt(parts: PromptParts, { spoken = false }: { spoken?: boolean } = {}): string {
  const sections = [
    parts.personality.systemPrompt,
    `Current time: ${NOW_FORMAT.format(parts.now)} (America/New_York).`,
    spoken ? SPOKEN_GUIDANCE : TOOL_GUIDANCE,
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

/** A live voice session's instructions: the system prompt worded for speech, then the recent chat it continues. */
export function spokenInstructions(parts: PromptParts, history: { role: 'user' | 'assistant'; content: string }[]): string {
  const system = systemPrompt(parts, { spoken: true });
  const recent = history.slice(-HISTORY_LIMIT);
  if (recent.length === 0) return system;
  const lines = recent.map((h) => `${h.role === 'user' ? 'User' : 'You'}: ${h.content.replace(/\s+/g, ' ').trim().slice(0, 1_000)}`);
  return `${system}\n\nThe conversation so far (continue it):\n${lines.join('\n')}`;
}
