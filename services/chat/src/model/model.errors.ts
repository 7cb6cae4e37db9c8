import { DomainError, ErrorKind } from '@jarvis/contracts';

/** The caller of a streamed reply went away and the model call was stopped; nobody reads this reply. */
export class ReplyCancelledError extends DomainError {
  constructor() {
    super(ErrorKind.ServiceUnavailable, 'The reply was cancelled because the client disconnected.', { code: 'REPLY_CANCELLED' });
  }
}
