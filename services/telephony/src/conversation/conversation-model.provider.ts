export interface ConversationMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the model makes of a finished call, through a JSON schema. */
export interface ModelClassification {
  callerName: string | null;
  messageType: 'question' | 'callback_request' | 'callback' | 'urgent' | 'conversation_end' | 'other';
  priority: 'urgent' | 'high' | 'normal' | 'low';
  tags: string[];
  actionItems: { task: string; completed: boolean; priority: string }[];
  followUpNeeded: boolean;
  callbackRequested: boolean;
}

/** The language model that speaks for the owner on a call. */
export abstract class ConversationModel {
  /** Whether a model is configured; without one, calls are answered with voicemail. */
  abstract readonly configured: boolean;
  /** The next thing to say, short enough to speak. */
  abstract reply(messages: ConversationMessage[]): Promise<string>;
  /** Classifies a call's transcript; null when the model gives nothing usable (keyword rules take over). */
  abstract classify(transcript: string): Promise<ModelClassification | null>;
}
