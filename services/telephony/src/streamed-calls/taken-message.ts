import type { Classification } from '../phone-messages/classification';
import type { TakenMessage } from './streamed-call.store';

/** What the assistant made of a message it took: its urgency, whether to call back, what to do. */
export function takenClassification(message: TakenMessage): Classification {
  const callback = Boolean(message.callbackNumber);
  const task = message.callbackNumber ? `Call back ${message.callerName ?? 'the caller'} at ${message.callbackNumber}: ${message.message}` : message.message;
  return {
    messageType: message.urgency === 'urgent' ? 'urgent' : callback ? 'callback_request' : 'other',
    priority: message.urgency,
    tags: [message.urgency === 'urgent' && 'urgent', callback && 'callback'].filter((t): t is string => Boolean(t)),
    actionItems: [{ task, completed: false, priority: message.urgency }],
    followUpNeeded: true,
    callbackRequested: callback,
  };
}
