import { ConflictError, ValidationError } from '@jarvis/contracts';

/** The provider refused the samples (too short, silent, not audio): retrying the same samples cannot help. */
export class VoiceRejectedError extends ValidationError {
  constructor(reason: string) {
    super(`The voice samples were rejected: ${reason}`);
  }
}

export class NoClonedVoiceError extends ConflictError {
  constructor() {
    super('No cloned voice yet. Record your samples and clone your voice first.');
  }
}
