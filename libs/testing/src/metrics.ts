/** One sample of a Prometheus text exposition: `name{label="value",...} 12.5`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  text: string;
  samples: MetricSample[];
  /**
   * The sum of the samples named `name` whose labels include `labels` (0 when none): a counter's total, a
   * histogram's `_count` or `_sum` across the label sets that match.
   */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample is named `name` (a series that appears, whatever its value). */
  has(name: string, labels?: Record<string, string>): boolean;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text format (what `GET /metrics` answers). */
export function parseMetrics(text: string): Scrape {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line.trim());
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) labels[key] = raw.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    text,
    samples,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}

/** `GET /metrics` of a process (its metrics port on 127.0.0.1), parsed; fails on any status but 200. */
export async function scrapeMetrics(port: number | string | undefined): Promise<Scrape> {
  if (port === undefined) throw new Error('This process serves no /metrics (no metrics port)');
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  if (!/^text\/plain; version=0\.0\.4/.test(res.headers.get('content-type') ?? '')) {
    throw new Error(`GET /metrics answered ${res.headers.get('content-type')}, not the Prometheus text format`);
  }
  return parseMetrics(text);
}

/**
 * Label values that must never appear in a metric: ids, phone numbers, e-mail addresses, URLs, anything long. Returns
 * each offending `name{label="value"}`; an empty list is a pass.
 */
export function unboundedLabels(samples: MetricSample[]): string[] {
  const offending = new Set<string>();
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const PHONE = /\+?\d[\d\s().-]{7,}\d/;
  const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
  const URL_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\?\w+=/i;
  // A random token: 20 or more letters and digits mixed (a word of letters, a dashed name, is not one).
  const LONG_TOKEN = /(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{20,}/;
  for (const sample of samples) {
    for (const [label, value] of Object.entries(sample.labels)) {
      // Buckets' `le` and quantiles are numbers by construction; the process's own labels (version) are fixed.
      if (label === 'le' || label === 'quantile' || label === 'version') continue;
      if (UUID.test(value) || PHONE.test(value) || EMAIL.test(value) || URL_LIKE.test(value) || LONG_TOKEN.test(value) || value.length > 80) {
        offending.add(`${sample.name}{${label}="${value}"}`);
      }
    }
  }
  return [...offending];
}
