import { createLogger, exitOnSignal, SERVICE_SCOPE, type ServiceScope } from '@jarvis/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway.config';
import { createGateway } from './gateway';

process.env.SERVICE_NAME ??= 'gateway';
const log = createLogger('bootstrap');

createGateway()
  .then(async (app) => {
    const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
    // In the gateway's scope: requests are served as the gateway (its metrics, its trace service name).
    await app.get<ServiceScope>(SERVICE_SCOPE).run(() => app.listen(config.PORT));
    log.info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}`);
    // SIGTERM: no new connections (a request on a kept-alive one is 503), the answers in flight finish within
    // SHUTDOWN_GRACE_MS, live streams end (browsers reconnect elsewhere), connections close, exit 0.
    exitOnSignal('gateway', () => app.close(), config.SHUTDOWN_GRACE_MS);
  })
  .catch((error: Error) => {
    if (error.name === 'ConfigError') console.error(error.message);
    else log.fatal({ err: error }, 'gateway failed to start');
    process.exit(1);
  });
