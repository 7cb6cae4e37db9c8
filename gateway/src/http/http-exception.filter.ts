import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { sendError } from './error-response';

/** Nest's own HTTP errors (unknown route, bad JSON) and ours get the same `{ error, code }` body. */
@Catch()
export class HttpErrorsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = status === 404 ? 'NOT_FOUND' : status === 400 ? 'VALIDATION' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'HTTP_ERROR';
      const message = status === 404 ? 'Not found' : exception.message;
      res.status(status).json({ error: message, code });
      return;
    }
    sendError(res, exception);
  }
}
