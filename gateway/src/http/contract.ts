import { applyDecorators, HttpCode, type PipeTransform, RequestMapping, RequestMethod } from '@nestjs/common';
import { type Endpoint, parseInput } from '@jarvis/contracts';
import { handledSubjects } from '@jarvis/platform';
import type { z } from 'zod';

const METHODS: Record<Endpoint['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  DELETE: RequestMethod.DELETE,
  PATCH: RequestMethod.PATCH,
};

/** Maps a gateway controller method to its declared endpoint (method and path come from the contract). */
export function Route(endpoint: Endpoint) {
  (handledSubjects() as Set<string>).add(endpoint.subject);
  return applyDecorators(RequestMapping({ path: endpoint.path, method: METHODS[endpoint.method] }), HttpCode(endpoint.status));
}

/** Validates a body with the endpoint's zod schema (`parseInput`); a failure is a 400 with the field errors. */
export class ContractPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly endpoint: Endpoint<S>) {}

  transform(value: unknown): z.output<S> {
    return parseInput(this.endpoint, value ?? {});
  }
}
