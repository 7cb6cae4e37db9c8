import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendError } from './error-response';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Nest's own HTTP errors (unknown route, bad JSON) and ours get the same `{ error, code }` body. */
@Catch()
export class HttpErrorsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = CODE_BY_STATUS[status] ?? 'HTTP_ERROR';
      const message = status === 404 ? 'Not found' : status === 413 ? 'Request body is too large' : exception.message;
      void reply.code(status).send({ error: message, code });
      return;
    }
    sendError(reply, exception);
  }
}
