import { ValidationError } from '@jarvis/contracts';

/** doc2 §5: the exact text the training page shows. */
export class NotEnoughSamplesError extends ValidationError {
  constructor() {
    super('Please provide at least 3 writing samples (20+ characters each)', { samples: ['at least 3 samples over 20 characters'] });
  }
}
