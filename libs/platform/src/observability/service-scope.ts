import { AsyncLocalStorage } from 'node:async_hooks';
import { ServiceMetrics } from './metrics';

const scopes = new AsyncLocalStorage<ServiceScope>();

export interface ServiceScopeOptions {
  /** Where this service serves GET /metrics, instead of METRICS_PORT (0: a port the system chooses). */
  metricsPort?: number;
}

/**
 * Which service instance the code running now belongs to: its name (logs, the trace's `service.name`) and its
 * metrics registry. A service is started inside its scope (`runAsService`), so everything it does later (its NATS
 * subscriptions, timers, workers, sockets and the promises they resolve) inherits the scope through
 * AsyncLocalStorage. Several services in one process each keep their own, without a process-wide singleton; code
 * that is handed no registry (a provider adapter, the webhook decorator) finds its service here.
 */
export class ServiceScope {
  readonly metrics: ServiceMetrics;

  constructor(
    readonly name: string,
    /**
     * This service's metrics port when the process gives each service its own (several services in one process);
     * otherwise the service reads METRICS_PORT.
     */
    readonly metricsPort?: number,
  ) {
    this.metrics = new ServiceMetrics(name);
  }

  /**
   * Runs `fn` in this scope: what a start does, and what code that begins outside it must do (a server that starts
   * listening after the service was built: `app.get(SERVICE_SCOPE).run(() => app.listen(port))`).
   */
  run<T>(fn: () => T): T {
    return scopes.run(this, fn);
  }
}

/** Runs `fn` (a service's start) as the service `name`, with a metrics registry of its own (and its own port). */
export function runAsService<T>(name: string, fn: (scope: ServiceScope) => T, options: ServiceScopeOptions = {}): T {
  const scope = new ServiceScope(name, options.metricsPort);
  return scope.run(() => fn(scope));
}

/** The service the running code belongs to, if it was started in its scope. */
export function currentService(): ServiceScope | undefined {
  return scopes.getStore();
}
