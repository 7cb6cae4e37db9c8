import type { RealtimeClientEvent, RealtimeServerEvent } from 'openai/resources/realtime/realtime';

export type { RealtimeClientEvent, RealtimeServerEvent };

/** An open Realtime session: events out, events in, in order. */
export interface RealtimeLink {
  send(event: RealtimeClientEvent): void;
  /** Every server event, in the order the model sent them (the one listener). */
  onEvent(listener: (event: RealtimeServerEvent) => void): void;
  /** The session closed from the model's side (or its connection broke). */
  onClose(listener: () => void): void;
  close(): void;
}

/** The speech-to-speech model of the browser's live voice; OpenAiRealtimeAdapter is the implementation. */
export abstract class RealtimeVoice {
  /** Whether live voice is on: OPENAI_REALTIME_MODEL and the model's connection (key or base URL) are set. */
  abstract readonly configured: boolean;
  /** Opens a session; rejects with ProviderUnavailableError when the model cannot be reached within `timeoutMs`. */
  abstract connect(timeoutMs: number): Promise<RealtimeLink>;
}
