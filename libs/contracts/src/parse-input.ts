import type { z } from 'zod';
import { pathParams, type RequestOf, resourceName, type RpcDeclaration } from './endpoint';
import { NotFoundError, ValidationError } from './errors';

/**
 * Input a declaration's schema refused: 400 VALIDATION with the first message and, in `fields`, every message by the
 * dotted path of its field (`_` for the input as a whole). At the gateway its body is `{ error, code, fields }`; over
 * NATS it travels as any ValidationError (`details: { fields }`).
 */
export class InvalidInputError extends ValidationError {
  readonly fields: Record<string, string[]>;

  constructor(error: z.ZodError) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
    super(error.issues[0]?.message ?? 'Invalid input', fields);
    this.fields = fields;
  }
}

/**
 * The one check of a call's input against its declaration (an endpoint or an internal subject), wherever the call
 * comes in: the gateway's proxy and its own routes, and every service's `@Handles`. Returns the parsed request
 * (trimmed, defaults applied). Throws NOT_FOUND naming the resource when a path parameter is malformed (an unknown id,
 * never a 400 that reveals what ids look like), else `InvalidInputError`.
 */
export function parseInput<E extends RpcDeclaration>(declaration: E, input: unknown): RequestOf<E> {
  const parsed = declaration.request.safeParse(input);
  if (parsed.success) return parsed.data as RequestOf<E>;
  const path = 'path' in declaration && typeof declaration.path === 'string' ? declaration.path : undefined;
  const pathFields = new Set(path ? pathParams(path) : []);
  if (parsed.error.issues.some((issue) => typeof issue.path[0] === 'string' && pathFields.has(issue.path[0]))) {
    throw new NotFoundError(resourceName(declaration));
  }
  throw new InvalidInputError(parsed.error);
}
