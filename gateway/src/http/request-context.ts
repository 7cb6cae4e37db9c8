import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { withLogContext } from '@jarvis/platform';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

const VALID_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Gives every request an id (or keeps a sane incoming X-Request-Id), echoes it, and puts it in every log line. */
export function requestContext(req: Request, res: Response, next: NextFunction) {
  const incoming = req.header('x-request-id');
  req.requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  withLogContext({ requestId: req.requestId }, () => next());
}
