import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from './wait-for';

/** A span as an OTLP/HTTP JSON export carried it, flattened with its resource's service name. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  /** 2 when the span recorded an error. */
  statusCode: number;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export interface OtlpReceiver {
  /** What `OTEL_EXPORTER_OTLP_ENDPOINT` should be (`/v1/traces` is appended by the exporter). */
  endpoint: string;
  /** The variables that point a process at this receiver over OTLP/HTTP JSON, exporting every 50 ms. */
  env: Record<string, string>;
  spans(): ReceivedSpan[];
  /** Waits until `predicate` holds for the spans received so far, and returns them. */
  waitForSpans(predicate: (spans: ReceivedSpan[]) => boolean, what: string, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
interface KeyValue {
  key: string;
  value: AnyValue;
}

function valueOf(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/**
 * An OTLP/HTTP receiver on a loopback port that keeps every span exported to it as JSON (`POST /v1/traces` with
 * `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`), for tests that check what a process traced.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            received.push({
              service,
              traceId: String(span.traceId ?? ''),
              spanId: String(span.spanId ?? ''),
              parentSpanId: String(span.parentSpanId ?? ''),
              name: String(span.name ?? ''),
              kind: Number(span.kind ?? 0),
              attributes: attributesOf(span.attributes as KeyValue[]),
              links: ((span.links as { traceId: string; spanId: string }[]) ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              statusCode: Number((span.status as { code?: number } | undefined)?.code ?? 0),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '50' },
    spans: () => [...received],
    async waitForSpans(predicate, what, timeoutMs = 15_000) {
      return waitFor(() => predicate(received) && [...received], { timeoutMs, message: `spans: ${what}` });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
