import { CLOSED_BY_USER, CLOSED_IDLE } from '../live-voice/live-voice-codes';
import type { LiveVoiceCallbacks, LiveVoiceEnd, LiveVoiceState } from '../live-voice/live-voice-session';
import type { OrbPhase, OrbTurn } from './orb-loop';

/** A line of the transcript; `interrupted`: Jarvis's answer, cut where the user spoke over it. */
export type ShownTurn = OrbTurn & { interrupted?: boolean };

/** What the orb page gives a conversation, live or turn by turn. */
export interface OrbConversationCallbacks {
  onPhase: (phase: OrbPhase, detail?: string) => void;
  onTurn: (turn: OrbTurn) => void;
  /**
   * An exchange is settled: `user`'s words, then Jarvis's answer as heard (`reply`, null when none was heard), take
   * the place of the lines shown so far for `ids`.
   */
  onExchange: (user: ShownTurn, reply: ShownTurn | null, ids: string[]) => void;
  onLevel: (level: number) => void;
}

/**
 * The transcript once an exchange is settled: the lines shown for `ids` give way to the user's words followed by
 * Jarvis's answer, where the first of them was (the user's words can arrive after the answer began).
 */
export function placeExchange(
  turns: ShownTurn[],
  user: ShownTurn,
  reply: ShownTurn | null,
  ids: string[],
): ShownTurn[] {
  const replaced = new Set(ids);
  const first = turns.findIndex((t) => replaced.has(t.id));
  const kept = turns.filter((t) => !replaced.has(t.id));
  const at = first === -1 ? kept.length : turns.slice(0, first).filter((t) => !replaced.has(t.id)).length;
  const shown = (turn: ShownTurn) => ({ ...turn, at: turns.find((t) => t.id === turn.id)?.at ?? turn.at });
  return [...kept.slice(0, at), shown(user), ...(reply ? [shown(reply)] : []), ...kept.slice(at)];
}

/** A conversation the orb runs: the turn-by-turn OrbLoop or a live one. */
export interface OrbConversation {
  start(): Promise<boolean>;
  stop(): void;
  clear(): void;
}

const PHASES: Record<LiveVoiceState, OrbPhase> = {
  connecting: 'thinking',
  listening: 'listening',
  thinking: 'thinking',
  speaking: 'speaking',
};

export const LIVE_CONNECTING = 'Connecting...';
export const LIVE_CLOSED_IDLE = 'Voice chat ended after 2 minutes of silence.';
export const LIVE_LOST = 'Live voice was interrupted. Please start again.';

/** The closing words of a session that ended by itself, or null when the user ended it. */
function endText(end: LiveVoiceEnd): string | null {
  if (end.error) return end.error.error;
  if (end.code === CLOSED_BY_USER) return null;
  if (end.code === CLOSED_IDLE) return LIVE_CLOSED_IDLE;
  return LIVE_LOST;
}

/**
 * The orb's live conversation: the stream's events drive the orb (listening / thinking / speaking) and the
 * transcript (the user's words, then Jarvis's, cut where the user spoke over them once the exchange is stored).
 * `onEnd` hears how it ended; `fallback` there: the server had no live voice after all (turn by turn instead).
 */
export function liveCallbacks(
  orb: OrbConversationCallbacks,
  onEnd: (end: LiveVoiceEnd) => void,
): LiveVoiceCallbacks {
  const at = () => new Date().toISOString();
  return {
    onState: (state) => orb.onPhase(PHASES[state], state === 'connecting' ? LIVE_CONNECTING : undefined),
    onUserText: (itemId, text) => orb.onTurn({ id: itemId, role: 'user', text, at: at() }),
    onReplyText: (itemId, text) => orb.onTurn({ id: itemId, role: 'assistant', text, at: at() }),
    onStored: (stored) => {
      const user: ShownTurn = { id: stored.userItemId, role: 'user', text: stored.transcript, at: at() };
      const replyId = stored.replyItemId;
      const reply: ShownTurn | null =
        replyId && stored.reply
          ? { id: replyId, role: 'assistant', text: stored.reply, at: at(), interrupted: stored.interrupted }
          : null;
      orb.onExchange(user, reply, replyId ? [stored.userItemId, replyId] : [stored.userItemId]);
    },
    onLevel: orb.onLevel,
    onEnd: (end) => {
      if (end.fallback) return onEnd(end);
      const text = endText(end);
      orb.onPhase(text && end.error ? 'error' : 'idle', text ?? undefined);
      onEnd(end);
    },
  };
}

/** Loads the live voice (its own chunk) and runs one session for the orb. */
export class LiveOrb implements OrbConversation {
  private session: { start(): Promise<boolean>; stop(): void } | null = null;
  private stopped = false;

  constructor(
    private readonly orb: OrbConversationCallbacks,
    private readonly onEnd: (end: LiveVoiceEnd) => void,
    private readonly load: () => Promise<{
      openLiveVoice(callbacks: LiveVoiceCallbacks): { start(): Promise<boolean>; stop(): void };
    }> = () => import('../live-voice/live-voice'),
  ) {}

  async start(): Promise<boolean> {
    this.orb.onPhase('thinking', LIVE_CONNECTING);
    const { openLiveVoice } = await this.load();
    // Stopped while the code was loading: nothing opens.
    if (this.stopped) return false;
    this.session = openLiveVoice(liveCallbacks(this.orb, this.onEnd));
    return this.session.start();
  }

  stop() {
    this.stopped = true;
    this.session?.stop();
    this.session = null;
  }

  /** The screen forgets; the model keeps this session's context until it ends. */
  clear() {}
}
