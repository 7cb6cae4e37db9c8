import { DomainError, ErrorKind } from '@jarvis/contracts';

/** doc1's image analysis codes travel in `code`, so the browser shows its title and message for each. */
export class ImageInvalidError extends DomainError {
  constructor(message: string) {
    super(ErrorKind.Validation, message, { code: 'VALIDATION_ERROR' });
  }
}

export class ImageTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super(ErrorKind.PayloadTooLarge, 'Please resize your image to under 5MB and try again.', { code: 'IMAGE_TOO_LARGE', details: { limitBytes } });
  }
}

export class ImageRateLimitError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(ErrorKind.RateLimited, 'Please wait a moment before analyzing another image.', { code: 'RATE_LIMIT_EXCEEDED', details: { retryAfterSeconds } });
  }
}

export class AnalysisFailedError extends DomainError {
  constructor() {
    super(ErrorKind.ServiceUnavailable, 'The AI could not process this image. Please try a different image.', { code: 'ANALYSIS_FAILED' });
  }
}

/** The provider is unconfigured or down; `variables` says what to set when it is unconfigured. */
export class VisionServiceError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorKind.ProviderUnavailable, message, { code: 'SERVICE_ERROR', details });
  }
}
