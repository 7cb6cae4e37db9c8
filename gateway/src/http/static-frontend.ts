import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/** Serves the built frontend and answers every other browser path with index.html (client-side routes). */
export function staticFrontend(dist: string): Router {
  const router = express.Router();
  const index = join(dist, 'index.html');
  router.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (isServerPath(req.path)) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The frontend is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}

function isServerPath(path: string) {
  return path.startsWith('/api/') || path === '/api' || path === '/health' || path.startsWith('/webhooks/');
}

function noCacheForHtml(res: Response, path: string) {
  if (path.endsWith('.html') || path.endsWith('sw.js')) res.setHeader('Cache-Control', 'no-cache');
}
