import type { ActionItem } from './entities/phone-message.entity';

export interface Classification {
  messageType: 'question' | 'callback_request' | 'callback' | 'urgent' | 'conversation_end' | 'other';
  priority: 'urgent' | 'high' | 'normal' | 'low';
  tags: string[];
  actionItems: ActionItem[];
  followUpNeeded: boolean;
  callbackRequested: boolean;
}

const URGENT = /\b(urgent|emergency|asap|as soon as possible|right away|immediately)\b/i;
const CALL_BACK = /\b(call (me )?back|give me a call|return (my|the) call|call me)\b/i;
const QUESTION = /\?|\b(wondering|question|could you|can you|would you|do you know)\b/i;

/** The offline classification of a transcript, by keywords (the model's JSON schema replaces it when configured). */
export function classifyByKeywords(transcript: string | null): Classification {
  const text = transcript ?? '';
  const urgent = URGENT.test(text);
  const callbackRequested = CALL_BACK.test(text);
  const question = QUESTION.test(text);
  const tags = [urgent && 'urgent', callbackRequested && 'callback', question && 'question'].filter((t): t is string => !!t);
  const priority = urgent ? 'urgent' : callbackRequested ? 'high' : 'normal';
  const actionItems: ActionItem[] = callbackRequested ? [{ task: 'Call back', completed: false, priority }] : [];
  return {
    messageType: urgent ? 'urgent' : callbackRequested ? 'callback_request' : question ? 'question' : 'other',
    priority,
    tags,
    actionItems,
    followUpNeeded: urgent || callbackRequested || question,
    callbackRequested,
  };
}
