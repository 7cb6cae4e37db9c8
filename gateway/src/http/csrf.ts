import type { NextFunction, Request, Response } from 'express';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site form cannot set custom headers, so every state-changing /api call must carry the
 * X-Requested-With header the client always sends. Webhooks (/webhooks) are verified by signature instead.
 */
export function requireAjaxHeader(req: Request, res: Response, next: NextFunction) {
  if (SAFE.has(req.method) || !req.path.startsWith('/api/')) return next();
  if (req.header('x-requested-with')) return next();
  res.status(403).json({ error: 'Missing X-Requested-With header', code: 'CSRF' });
}
