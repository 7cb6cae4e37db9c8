import { LIVE_VOICE_BYTES_PER_MS } from '@jarvis/contracts';

/** One exchange of a live session: what the user said and what Jarvis answered, as far as the user heard it. */
export interface LiveExchange {
  userItemId: string;
  /** The input transcription; undefined until it arrives ('' when it failed or heard nothing). */
  transcript?: string;
  /** The model's answer was asked for (the exchange's chat message was charged). */
  asked: boolean;
  /** The answer's item, once the model started it; null while there is none (yet). */
  replyItemId: string | null;
  /** The answer's words so far (transcript deltas), then the whole transcript. */
  reply: string;
  /** Bytes of the answer's audio sent to the browser. */
  sentBytes: number;
  /** The model is done with the answer (completed, cancelled or failed). */
  responseDone: boolean;
  /** What the browser reported it played of the answer: all of it, or `ms` before the user spoke over it. */
  played?: { ms: number; complete: boolean };
  stored: boolean;
}

/** What goes into the chat history for an exchange. */
export interface ExchangeRecord {
  exchange: LiveExchange;
  transcript: string;
  reply: string;
}

/**
 * Jarvis's answer cut where the user stopped hearing it: the share of its words the heard share of its audio says,
 * back to the last whole word, marked with an ellipsis. The model gives no word timings, so this is an estimate; a
 * word cut off halfway is left out.
 */
export function cutToHeard(text: string, heardMs: number, totalMs: number): string {
  const words = text.trim();
  if (!words || totalMs <= 0 || heardMs >= totalMs) return words;
  if (heardMs <= 0) return '';
  const at = Math.floor(words.length * (heardMs / totalMs));
  const end = words.lastIndexOf(' ', at);
  const kept = words.slice(0, end === -1 ? 0 : end).replace(/[\s,;:.!?-]+$/, '');
  return kept ? `${kept}…` : '';
}

/**
 * The exchanges of one live session, from the model's events and the browser's reports, and when each may be stored:
 * once its words are transcribed and its answer is settled (the model is done and the browser said how much it
 * played, or there was no answer). At the end of the session whatever is known is stored.
 */
export class LiveExchanges {
  private readonly list: LiveExchange[] = [];
  /** Exchanges whose answer was asked for and not started yet, in the order asked (the model answers in that order). */
  private readonly waiting: LiveExchange[] = [];
  /** The model's responses by id, to the exchange each answers. */
  private readonly responses = new Map<string, LiveExchange>();

  /** The user finished an utterance (`speech_stopped`): a new exchange. */
  spoke(userItemId: string): LiveExchange {
    const exchange: LiveExchange = { userItemId, asked: false, replyItemId: null, reply: '', sentBytes: 0, responseDone: false, stored: false };
    this.list.push(exchange);
    return exchange;
  }

  /** The model was asked to answer `exchange` (`response.create`). */
  ask(exchange: LiveExchange) {
    exchange.asked = true;
    this.waiting.push(exchange);
  }

  /** The model started a response (`response.created`): the answer to the first exchange still waiting for one. */
  responseCreated(responseId: string) {
    const exchange = this.waiting.shift();
    if (exchange) this.responses.set(responseId, exchange);
  }

  transcribed(userItemId: string, transcript: string) {
    const exchange = this.list.find((e) => e.userItemId === userItemId);
    if (exchange) exchange.transcript = transcript.trim();
  }

  /** The answer's item started; its audio and words follow. */
  replyStarted(responseId: string, itemId: string): LiveExchange | null {
    const exchange = this.responses.get(responseId);
    if (!exchange || exchange.replyItemId) return null;
    exchange.replyItemId = itemId;
    return exchange;
  }

  replyWords(itemId: string, delta: string) {
    const exchange = this.byReply(itemId);
    if (exchange) exchange.reply += delta;
  }

  replyTranscript(itemId: string, transcript: string) {
    const exchange = this.byReply(itemId);
    if (exchange) exchange.reply = transcript;
  }

  replyAudio(itemId: string, bytes: number) {
    const exchange = this.byReply(itemId);
    if (exchange) exchange.sentBytes += bytes;
  }

  /** The model is done with a response (completed, cancelled or failed). */
  responseDone(responseId: string) {
    const exchange = this.responses.get(responseId);
    if (exchange) exchange.responseDone = true;
    this.responses.delete(responseId);
  }

  /** The browser's report: `ms` of the answer `itemId` played, all of it or until the user spoke over it. */
  played(itemId: string, ms: number, complete: boolean): LiveExchange | null {
    const exchange = this.byReply(itemId);
    if (!exchange || exchange.played) return null;
    exchange.played = { ms: Math.max(0, ms), complete };
    return exchange;
  }

  /** Milliseconds of the answer's audio sent to the browser. */
  sentMs(exchange: LiveExchange): number {
    return exchange.sentBytes / LIVE_VOICE_BYTES_PER_MS;
  }

  /** The exchanges ready to be stored now (marked stored); `all`: every one not stored yet (the session ended). */
  take(all = false): ExchangeRecord[] {
    const ready: ExchangeRecord[] = [];
    for (const exchange of this.list) {
      if (exchange.stored) continue;
      const settled = exchange.responseDone && (exchange.replyItemId === null || exchange.played !== undefined);
      if (!all && (exchange.transcript === undefined || !settled)) continue;
      exchange.stored = true;
      // Words that never arrived or held nothing have no message to keep.
      if (!exchange.transcript) continue;
      ready.push({ exchange, transcript: exchange.transcript, reply: this.heardReply(exchange) });
    }
    this.list.splice(0, this.list.length, ...this.list.filter((e) => !e.stored));
    return ready;
  }

  private heardReply(exchange: LiveExchange): string {
    if (!exchange.played || exchange.played.complete) return exchange.reply.trim();
    return cutToHeard(exchange.reply, exchange.played.ms, this.sentMs(exchange));
  }

  private byReply(itemId: string): LiveExchange | undefined {
    return this.list.find((e) => e.replyItemId === itemId);
  }
}
