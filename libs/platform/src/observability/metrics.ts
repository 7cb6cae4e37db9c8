import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client), one registry per service instance: a process that runs several services (the
 * gateway and every service in one Node process) keeps each one's series apart and serves each on its own port. A
 * metric is declared once as a constant (`counterMetric`, `histogramMetric`, `gaugeMetric`) and created in a
 * service's registry the first time that service asks for it (`metrics.get(DECLARATION)`).
 *
 * Label values must be bounded: a declared subject, a queue or job name, a provider and its operation, an outcome
 * from a fixed list. Never a user id, a phone number, a URL with an id in it, or anything a user or provider chose.
 */

interface Declared<K extends string, L extends string> {
  kind: K;
  name: string;
  help: string;
  labelNames: readonly L[];
}
export type CounterDeclaration<L extends string = string> = Declared<'counter', L>;
export type GaugeDeclaration<L extends string = string> = Declared<'gauge', L>;
export type HistogramDeclaration<L extends string = string> = Declared<'histogram', L> & { buckets: readonly number[] };
export type MetricDeclaration = CounterDeclaration | GaugeDeclaration | HistogramDeclaration;

type LabelsOf<D> = D extends Declared<string, infer L> ? L : never;
export type MetricOf<D extends MetricDeclaration> = D extends HistogramDeclaration
  ? Histogram<LabelsOf<D>>
  : D extends GaugeDeclaration
    ? Gauge<LabelsOf<D>>
    : Counter<LabelsOf<D>>;

export const counterMetric = <L extends string>(d: Omit<CounterDeclaration<L>, 'kind'>): CounterDeclaration<L> => ({ kind: 'counter', ...d });
export const gaugeMetric = <L extends string>(d: Omit<GaugeDeclaration<L>, 'kind'>): GaugeDeclaration<L> => ({ kind: 'gauge', ...d });
export const histogramMetric = <L extends string>(d: Omit<HistogramDeclaration<L>, 'kind'>): HistogramDeclaration<L> => ({
  kind: 'histogram',
  ...d,
});

/** Seconds; from a millisecond of an in-process hop to a provider's half minute. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

type Collector = (metric: Gauge<string>) => Promise<void> | void;

/** Gauges read at scrape time wait at most this long for their source (Redis, JetStream) before the scrape goes on. */
const COLLECT_TIMEOUT_MS = 2_000;

let processRegistry: Registry | undefined;

/**
 * The process's own series (resident memory, CPU, event loop lag, GC, heap): registered once per process, in a
 * registry of their own, and served by every service the process runs.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One service instance's metrics: its registry, and the gauges it reads when scraped. */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly collectors = new Map<string, Set<Collector>>();

  constructor(readonly service: string) {}

  /** The metric of this declaration in this service's registry, created on first use. */
  get<D extends MetricDeclaration>(declaration: D): MetricOf<D> {
    const existing = this.registry.getSingleMetric(declaration.name);
    if (existing) return existing as unknown as MetricOf<D>;
    const common = {
      name: declaration.name,
      help: declaration.help,
      labelNames: [...declaration.labelNames],
      registers: [this.registry],
    };
    switch (declaration.kind) {
      case 'counter':
        return new Counter(common) as unknown as MetricOf<D>;
      case 'histogram':
        return new Histogram({ ...common, buckets: [...declaration.buckets] }) as unknown as MetricOf<D>;
      case 'gauge': {
        const collectors = this.collectorsOf(declaration.name);
        return new Gauge({
          ...common,
          async collect() {
            await Promise.all([...collectors].map((collect) => withTimeout(Promise.resolve().then(() => collect(this)))));
          },
        }) as unknown as MetricOf<D>;
      }
    }
  }

  /**
   * Sets a gauge from its source each time the service is scraped (queue depths, consumer lag), so the value is as
   * fresh as the scrape. A source that fails or takes over 2 s leaves the last values. Returns the way to stop.
   */
  onCollect<L extends string>(declaration: GaugeDeclaration<L>, collect: (gauge: Gauge<L>) => Promise<void> | void): () => void {
    this.get(declaration);
    const collectors = this.collectorsOf(declaration.name);
    const collector = collect as Collector;
    collectors.add(collector);
    return () => collectors.delete(collector);
  }

  /** The Prometheus text of the process's series and this service's. */
  async text(): Promise<string> {
    const [process, own] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${own}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private collectorsOf(name: string): Set<Collector> {
    let set = this.collectors.get(name);
    if (!set) this.collectors.set(name, (set = new Set()));
    return set;
  }
}

async function withTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, COLLECT_TIMEOUT_MS)));
  try {
    await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
