import 'reflect-metadata';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonNestLogger } from '@jarvis/platform';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway.config';
import { requireAjaxHeader } from './http/csrf';
import { HttpErrorsFilter } from './http/http-exception.filter';
import { requestContext } from './http/request-context';
import { sessionMiddleware } from './http/session';
import { staticFrontend } from './http/static-frontend';
import { REDIS, type Redis } from './infra/infra.module';
import { ApiProxy } from './proxy/api-proxy';

/** Base64 images up to 5 MB and audio clips grow by a third on the wire. */
const JSON_LIMIT = '15mb';

/** Builds the gateway: one Express app serving /api, /health, webhooks and the built frontend. */
export async function createGateway(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: new JsonNestLogger(),
  });
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.useGlobalFilters(new HttpErrorsFilter());
  app.enableShutdownHooks();

  app.use(requestContext);
  app.use(express.json({ limit: JSON_LIMIT }));
  app.use(badBodyHandler);
  app.use(sessionMiddleware(config, app.get<Redis>(REDIS)));
  app.use(requireAjaxHeader);
  app.use(app.get(ApiProxy).middleware());
  app.use(staticFrontend(config.FRONTEND_DIST ?? resolve(__dirname, '../../frontend/dist')));
  return app;
}

function badBodyHandler(error: Error & { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) {
  if (error.type === 'entity.too.large') return res.status(413).json({ error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  if (error.type === 'entity.parse.failed') return res.status(400).json({ error: 'Request body is not valid JSON', code: 'VALIDATION' });
  next(error);
}
