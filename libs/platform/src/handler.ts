import { MessagePattern } from '@nestjs/microservices';
import {
  type ContextOf,
  parseInput,
  type RequestContext,
  type RequestOf,
  requiresUser,
  type ResponseOf,
  type RpcDeclaration,
  UnauthenticatedError,
} from '@jarvis/contracts';
import type { StreamSink } from './nats/stream';

const handled = new Set<string>();

/** Every subject some loaded handler answers; the contracts coverage test compares it with the declarations. */
export function handledSubjects(): ReadonlySet<string> {
  return handled;
}

/**
 * What a handler receives: the caller's context, its user, the input parsed with the declaration's schema (defaults
 * applied), and for a streamed call the sink to write to. On every declaration but a public endpoint or a 'service'
 * internal subject, `userId` (and `ctx.userId`) is a `string`: a call without a user never reaches the handler.
 */
export interface HandlerInput<E extends RpcDeclaration> {
  ctx: ContextOf<E>;
  userId: ContextOf<E>['userId'];
  data: RequestOf<E>;
  stream?: StreamSink;
}
type HandlerFn<E extends RpcDeclaration> = (input: HandlerInput<E>) => Promise<ResponseOf<E>> | ResponseOf<E>;

/** What the transport hands a handler: the request as it crossed NATS, with the stream sink in place of its subject. */
interface WireInput {
  ctx?: RequestContext;
  data?: unknown;
  stream?: StreamSink;
}

const NO_CALLER: RequestContext = { userId: null, tier: 'free', requestId: 'unknown' };

/**
 * Checks one call against its declaration, for every caller (the gateway validated already; another service did
 * not): a signed-in declaration without a user is UNAUTHENTICATED; the input is checked by `parseInput`, as at the
 * gateway (VALIDATION with the field errors, or NOT_FOUND for a malformed path id).
 */
function inputOf(declaration: RpcDeclaration) {
  const needsUser = requiresUser(declaration);
  const unauthenticatedCode = 'unauthenticatedCode' in declaration ? (declaration.unauthenticatedCode as string | undefined) : undefined;
  return (input: WireInput): HandlerInput<RpcDeclaration> => {
    const ctx = input.ctx ?? NO_CALLER;
    if (needsUser && (typeof ctx.userId !== 'string' || ctx.userId === '')) throw new UnauthenticatedError(undefined, unauthenticatedCode);
    return { ctx, userId: ctx.userId, data: parseInput(declaration, input.data ?? {}), stream: input.stream };
  };
}

/**
 * Marks the NATS handler of a declared endpoint or internal subject (`api.calendar.reminders`,
 * `internalApi.calendar.ensureBookingLink`). The compiler checks the method's input and result against the
 * declaration; at run time every call is checked with it first (`inputOf`), so the method gets parsed input and,
 * for signed-in declarations, a `userId: string`.
 */
export function Handles<E extends RpcDeclaration>(declaration: E) {
  handled.add(declaration.subject);
  const pattern = MessagePattern(declaration.subject);
  const check = inputOf(declaration);
  return <T extends HandlerFn<E>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>) => {
    const handler = descriptor.value as unknown as (input: HandlerInput<RpcDeclaration>) => unknown;
    const handle = function (this: unknown, input: WireInput) {
      return handler.call(this, check(input));
    };
    Object.defineProperty(handle, 'name', { value: handler.name });
    // Keep what decorators applied before this one (guards, interceptors) put on the original method.
    for (const metadataKey of Reflect.getMetadataKeys(handler)) {
      Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, handler), handle);
    }
    descriptor.value = handle as unknown as T;
    pattern(target, key, descriptor);
  };
}
