/**
 * The operations files in k8s/ hold together: telephony scales on its queue through KEDA, every Deployment is scraped
 * by a PodMonitor that selects its pods on its `metrics` port, and the Grafana dashboard, the alert rules and the
 * KEDA query name only the series every process serves (the list below, the Metrics section, plus the
 * default process and Node.js series of prom-client) with their labels. Files are parsed; no cluster is needed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { QUEUES } from '@jarvis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readPromql } from './promql';

const ROOT = resolve(__dirname, '../..');
type Obj = Record<string, any>;

/** The series dashboards can rely on, with their labels, exactly as the Metrics section names them. */
const SERIES: Record<string, { type: 'counter' | 'gauge' | 'histogram'; labels: string[] }> = {
  http_server_request_duration_seconds: { type: 'histogram', labels: ['method', 'route', 'status_code'] },
  jarvis_rpc_client_duration_seconds: { type: 'histogram', labels: ['subject', 'outcome'] },
  jarvis_rpc_server_duration_seconds: { type: 'histogram', labels: ['subject', 'outcome'] },
  jarvis_queue_jobs: { type: 'gauge', labels: ['queue', 'state'] },
  jarvis_jobs_total: { type: 'counter', labels: ['queue', 'name', 'outcome'] },
  jarvis_calls_active: { type: 'gauge', labels: ['direction'] },
  jarvis_calls_total: { type: 'counter', labels: ['direction', 'outcome'] },
  jarvis_provider_requests_total: { type: 'counter', labels: ['provider', 'operation', 'outcome'] },
  jarvis_provider_request_duration_seconds: { type: 'histogram', labels: ['provider', 'operation', 'outcome'] },
  jarvis_webhooks_total: { type: 'counter', labels: ['service', 'outcome'] },
  jarvis_event_consumer_pending: { type: 'gauge', labels: ['stream', 'consumer'] },
};
/** Labels Prometheus adds to every series it scrapes through a PodMonitor. */
const TARGET_LABELS = ['namespace', 'pod', 'container', 'job', 'instance', 'endpoint'];

/** The default process and Node.js series, as the platform's prom-client registers them. */
function defaultSeries() {
  const promClient = createRequire(join(ROOT, 'libs/platform/package.json'))('prom-client') as typeof import('prom-client');
  const registry = new promClient.Registry();
  promClient.collectDefaultMetrics({ register: registry });
  const series: typeof SERIES = {};
  for (const metric of registry.getMetricsAsArray()) {
    const labels = (metric as unknown as { labelNames?: string[] }).labelNames ?? [];
    series[metric.name] = { type: String(metric.type) as 'counter', labels: [...labels] };
  }
  return series;
}
const KNOWN = { ...defaultSeries(), ...SERIES };

/** A selector's metric to its declared series: a histogram is read through _bucket, _sum and _count. */
function seriesOf(metric: string): { name: string; labels: string[] } | null {
  if (KNOWN[metric] && KNOWN[metric].type !== 'histogram') return { name: metric, labels: KNOWN[metric].labels };
  const m = /^(.*)_(bucket|sum|count)$/.exec(metric);
  if (m && KNOWN[m[1]]?.type === 'histogram') return { name: m[1], labels: [...KNOWN[m[1]].labels, ...(m[2] === 'bucket' ? ['le'] : [])] };
  return null;
}

/** Everything wrong with one expression: unreadable parts, unknown series, labels its series do not have. */
function problemsOf(expr: string): string[] {
  const reading = readPromql(expr);
  const problems = [...reading.problems];
  if (reading.selectors.length === 0) problems.push('names no series');
  const available = new Set(TARGET_LABELS);
  for (const { metric, labels } of reading.selectors) {
    const series = seriesOf(metric);
    if (!series) {
      problems.push(`${metric} is not a series any process serves`);
      continue;
    }
    for (const label of series.labels) available.add(label);
    for (const label of labels) if (![...series.labels, ...TARGET_LABELS].includes(label)) problems.push(`${metric} has no label ${label}`);
  }
  for (const label of reading.groupings) if (!available.has(label)) problems.push(`groups by ${label}, which none of its series has`);
  return problems;
}

function yamlDocs(dir: string): { file: string; doc: Obj }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlDocs(path);
    if (!/\.ya?ml$/.test(entry)) return [];
    return parseAllDocuments(readFileSync(path, 'utf8'))
      .map((d) => d.toJS() as Obj | null)
      .filter((doc): doc is Obj => !!doc?.kind)
      .map((doc) => ({ file: relative(ROOT, path), doc }));
  });
}

/** The manifests `kubectl apply -k k8s/` applies: kustomization resources, folders followed through their own. */
function appliedFiles(dir: string): string[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Obj;
  return (kustomization.resources as string[]).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory() ? appliedFiles(path) : [relative(ROOT, path)];
  });
}

const matches = (selector: Obj, labels: Obj) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);

describe('the PromQL reader of these tests', () => {
  it('finds unknown series, unknown labels and broken expressions', () => {
    expect(problemsOf('sum by (queue) (jarvis_queue_jobs{state="waiting"})')).toEqual([]);
    expect(problemsOf('histogram_quantile(0.95, sum by (le, route) (rate(http_server_request_duration_seconds_bucket[5m])))')).toEqual([]);
    expect(problemsOf('rate(jarvis_queue_depth[5m])')).toEqual(['jarvis_queue_depth is not a series any process serves']);
    expect(problemsOf('jarvis_calls_active{user_id="x"}')).toEqual(['jarvis_calls_active has no label user_id']);
    expect(problemsOf('sum by (route) (jarvis_calls_active)')).toEqual(['groups by route, which none of its series has']);
    expect(problemsOf('jarvis_jobs_total_bucket')).toEqual(['jarvis_jobs_total_bucket is not a series any process serves']);
    expect(problemsOf('sum(rate(jarvis_jobs_total[5m])')).toContain('unclosed (');
  });
});

describe('k8s/ operations', () => {
  let all: { file: string; doc: Obj }[];
  let applied: Set<string>;
  let deployments: Obj[];
  beforeAll(() => {
    all = yamlDocs(join(ROOT, 'k8s'));
    applied = new Set(appliedFiles(join(ROOT, 'k8s')));
    deployments = all.filter((d) => d.doc.kind === 'Deployment' && applied.has(d.file)).map((d) => d.doc);
  });
  const appliedOf = (kind: string) => all.filter((d) => d.doc.kind === kind && applied.has(d.file)).map((d) => d.doc);

  it('scales telephony with a KEDA ScaledObject on the outbound queue’s waiting jobs, 2 to 20 replicas', () => {
    const scaled = appliedOf('ScaledObject');
    expect(scaled).toHaveLength(1);
    const [object] = scaled;
    expect(object.apiVersion).toBe('keda.sh/v1alpha1');
    const target = object.spec.scaleTargetRef;
    expect(target.kind ?? 'Deployment').toBe('Deployment');
    const telephony = deployments.find((d) => d.metadata.name === target.name);
    expect(telephony?.metadata.name).toBe('telephony');
    expect(object.metadata.namespace).toBe(telephony!.metadata.namespace);
    expect([object.spec.minReplicaCount, object.spec.maxReplicaCount]).toEqual([2, 20]);
    expect(telephony!.spec.replicas).toBe(2);
    const [trigger] = object.spec.triggers as Obj[];
    expect(trigger.type).toBe('prometheus');
    expect(Number(trigger.metadata.threshold)).toBeGreaterThan(0);
    const query = trigger.metadata.query as string;
    expect(problemsOf(query)).toEqual([]);
    const selectors = readPromql(query).selectors;
    expect(selectors.map((s) => s.metric)).toEqual(['jarvis_queue_jobs']);
    expect(query).toContain(`queue="${QUEUES.outboundCalls}"`);
    expect(query).toMatch(/state=~?"[^"]*\bwaiting\b/);
  });

  it('keeps the CPU HorizontalPodAutoscaler only as an alternative that is not applied beside KEDA', () => {
    expect(appliedOf('HorizontalPodAutoscaler')).toEqual([]);
    const alternatives = all.filter((d) => d.doc.kind === 'HorizontalPodAutoscaler');
    expect(alternatives.map((d) => d.file)).toEqual(['k8s/alternatives/telephony-cpu-hpa.yaml']);
    const [hpa] = alternatives.map((d) => d.doc);
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'telephony' });
    expect((hpa.spec.metrics as Obj[]).some((m) => m.resource?.name === 'cpu')).toBe(true);
  });

  it('lets a voluntary disruption take one telephony replica at a time', () => {
    const [budget] = appliedOf('PodDisruptionBudget').filter((p) => p.metadata.name === 'telephony');
    const telephony = deployments.find((d) => d.metadata.name === 'telephony')!;
    expect(matches(budget.spec.selector.matchLabels, telephony.spec.template.metadata.labels)).toBe(true);
    expect(budget.spec.maxUnavailable).toBe(1);
  });

  it('scrapes every Deployment with exactly one PodMonitor on its container port `metrics` (9464)', () => {
    const monitors = appliedOf('PodMonitor');
    expect(deployments.length).toBe(8);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const labels = deployment.spec.template.metadata.labels;
      const mine = monitors.filter((m) => matches(m.spec.selector.matchLabels, labels));
      expect(mine, `PodMonitors of ${name}`).toHaveLength(1);
      expect(mine[0].metadata.namespace).toBe(deployment.metadata.namespace);
      const ports = (deployment.spec.template.spec.containers as Obj[]).flatMap((c) => (c.ports ?? []) as Obj[]);
      const port = ports.find((p) => p.name === 'metrics');
      expect(port?.containerPort, `${name}'s metrics port`).toBe(9464);
      for (const endpoint of mine[0].spec.podMetricsEndpoints as Obj[]) {
        expect(endpoint.port).toBe('metrics');
        expect(endpoint.path ?? '/metrics').toBe('/metrics');
      }
    }
    for (const monitor of monitors) {
      const selected = deployments.filter((d) => matches(monitor.spec.selector.matchLabels, d.spec.template.metadata.labels));
      expect(selected.map((d) => d.metadata.name), `PodMonitor ${monitor.metadata.name} selects one Deployment`).toEqual([monitor.metadata.name]);
    }
  });

  it('pages on a growing queue, provider errors over 5 %, consumer lag over 1,000 and 5xx over 1 %, on known series', () => {
    const rules = appliedOf('PrometheusRule').flatMap((r) => (r.spec.groups as Obj[]).flatMap((g) => g.rules as Obj[]));
    for (const rule of rules) expect(problemsOf(rule.expr), rule.alert).toEqual([]);
    const alert = (name: string): Obj & { series: string[]; expr: string } => {
      const found = rules.filter((r) => r.alert === name);
      expect(found, name).toHaveLength(1);
      const series = readPromql(found[0].expr).selectors.map((s) => s.metric);
      return { ...found[0], series, expr: String(found[0].expr).replace(/\s+/g, ' ').trim() };
    };
    const queue = alert('JarvisQueueGrowing');
    expect(queue.series.every((s: string) => s === 'jarvis_queue_jobs')).toBe(true);
    expect(queue.expr).toMatch(/\[10m/);
    expect(queue.for).toBe('10m');
    const providers = alert('JarvisProviderErrors');
    expect(new Set(providers.series)).toEqual(new Set(['jarvis_provider_requests_total']));
    expect(providers.expr).toMatch(/\/.*> 0\.05$/);
    const lag = alert('JarvisConsumerLag');
    expect(lag.series).toEqual(['jarvis_event_consumer_pending']);
    expect(lag.expr).toMatch(/> 1000$/);
    const errors = alert('JarvisHttp5xx');
    expect(new Set(errors.series)).toEqual(new Set(['http_server_request_duration_seconds_count']));
    expect(errors.expr).toMatch(/status_code=~"5\.\."/);
    expect(errors.expr).toMatch(/\/.*> 0\.01$/);
    for (const rule of rules) expect(rule.annotations?.summary, rule.alert).toBeTruthy();
  });

  describe('the Grafana dashboard', () => {
    let dashboard: Obj;
    let targets: { panel: string; expr: string }[];
    beforeAll(() => {
      dashboard = JSON.parse(readFileSync(join(ROOT, 'k8s/observability/grafana-dashboard.json'), 'utf8'));
      targets = (dashboard.panels as Obj[]).flatMap((p) => ((p.targets ?? []) as Obj[]).map((t) => ({ panel: p.title, expr: t.expr as string })));
    });

    it('is shipped to Grafana as a ConfigMap the dashboard sidecar loads', () => {
      const kustomization = parse(readFileSync(join(ROOT, 'k8s/observability/kustomization.yaml'), 'utf8')) as Obj;
      const generated = (kustomization.configMapGenerator as Obj[]).find((g) => (g.files as string[]).includes('grafana-dashboard.json'));
      expect(generated?.options?.labels?.grafana_dashboard).toBe('1');
      expect(dashboard.uid).toBeTruthy();
      const ids = (dashboard.panels as Obj[]).map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(dashboard.templating.list.some((v: Obj) => v.type === 'datasource' && v.query === 'prometheus')).toBe(true);
    });

    it('queries only the series every process serves, with their labels', () => {
      expect(targets.length).toBeGreaterThan(10);
      for (const { panel, expr } of targets) expect(problemsOf(expr), `${panel}: ${expr}`).toEqual([]);
    });

    it('shows request rate, errors and latency by route, RPC latency by subject, queues, calls, providers, lag and memory', () => {
      const shown = (metric: string, grouping?: string) =>
        targets.some(({ expr }) => {
          const reading = readPromql(expr);
          return reading.selectors.some((s) => s.metric === metric) && (!grouping || reading.groupings.includes(grouping));
        });
      expect(shown('http_server_request_duration_seconds_count', 'route'), 'request rate by route').toBe(true);
      expect(
        targets.some(({ expr }) => /status_code=~"5\.\."/.test(expr) && readPromql(expr).groupings.includes('route')),
        'errors by route',
      ).toBe(true);
      expect(shown('http_server_request_duration_seconds_bucket', 'route'), 'latency by route').toBe(true);
      expect(shown('jarvis_rpc_client_duration_seconds_bucket', 'subject'), 'RPC latency by subject').toBe(true);
      expect(shown('jarvis_queue_jobs', 'queue'), 'queue depth').toBe(true);
      expect(shown('jarvis_calls_active'), 'calls active').toBe(true);
      expect(
        targets.some(({ expr }) => readPromql(expr).selectors.some((s) => s.metric === 'jarvis_provider_requests_total') && /outcome(!=|=~)"/.test(expr)),
        'provider errors',
      ).toBe(true);
      expect(shown('jarvis_event_consumer_pending'), 'consumer lag').toBe(true);
      expect(shown('process_resident_memory_bytes'), 'memory').toBe(true);
    });
  });
});
