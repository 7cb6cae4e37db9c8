import { DomainError, ErrorKind } from '@jarvis/contracts';

export class LocationNotFoundError extends DomainError {
  constructor(location: string) {
    super(ErrorKind.NotFound, `No weather found for "${location}". Check the spelling or add the country, e.g. "Paris, FR".`, {
      code: 'LOCATION_NOT_FOUND',
    });
  }
}
