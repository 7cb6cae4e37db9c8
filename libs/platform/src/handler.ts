import { MessagePattern } from '@nestjs/microservices';
import type { Endpoint, RequestOf, ResponseOf, RpcRequest } from '@jarvis/contracts';

const handled = new Set<string>();

/** Every subject some loaded handler answers; the contracts coverage test compares it with the declarations. */
export function handledSubjects(): ReadonlySet<string> {
  return handled;
}

export type HandlerInput<E extends Endpoint> = RpcRequest<RequestOf<E>>;
type HandlerFn<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ResponseOf<E>> | ResponseOf<E>;

/**
 * Marks the NATS handler of a declared endpoint. The compiler checks the method's input and result against the
 * endpoint's contract.
 */
export function Handles<E extends Endpoint>(endpoint: E) {
  handled.add(endpoint.subject);
  const pattern = MessagePattern(endpoint.subject);
  return <T extends HandlerFn<E>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>) => {
    pattern(target, key, descriptor);
  };
}

/** Marks the handler of an internal subject (declared in `INTERNAL_SUBJECTS`), called only by other services. */
export function HandlesInternal(subject: string) {
  handled.add(subject);
  return MessagePattern(subject);
}
