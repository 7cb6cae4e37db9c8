// Chat round trip through the gateway and the chat service, against a model that answers at once.
//
// Usage from scripts/bench.mjs:
//   const { startModelFake } = require('@jarvis/testing/fakes');
//   const model = await startModelFake();            // start chat with OPENAI_BASE_URL=model.baseURL (any OPENAI_API_KEY)
//   ... start gateway + chat, register a user, keep its session cookie ...
//   const result = await benchChat({ baseUrl: 'http://127.0.0.1:3000', cookie: 'jarvis.sid=...', concurrency: 20, modelUrl: model.url });
//   console.log(result);  // { p50, p95, p99, mean, modelP50, overheadP50, requests, errors, rps }
//   await model.close();
//
// The overhead of our path is the round-trip p50 minus the fake model's own p50 (measured directly, same
// concurrency); the budget is overheadP50 < 15 ms with 20 concurrent users.

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function runConcurrent(concurrency, total, once) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          const ok = await once(i);
          if (ok) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds };
}

const round = (x) => Math.round(x * 100) / 100;

/**
 * POSTs /api/chat as a signed-in browser would (session cookie, X-Requested-With) from `concurrency` users at once.
 * `modelUrl` (the fake model's url) lets it measure the model's own latency to subtract.
 */
export async function benchChat({ baseUrl, cookie, concurrency = 20, requests = 400, warmup = 40, modelUrl } = {}) {
  if (!baseUrl || !cookie) throw new Error('benchChat needs { baseUrl, cookie }');
  const chat = async (i) => {
    const res = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
      body: JSON.stringify({ message: `bench message ${i}: how is my day looking?`, history: [] }),
    });
    await res.arrayBuffer();
    return res.status === 200;
  };
  await runConcurrent(Math.min(concurrency, 5), warmup, chat);
  const run = await runConcurrent(concurrency, requests, chat);

  let modelP50 = 0;
  if (modelUrl) {
    const direct = await runConcurrent(concurrency, requests, async () => {
      const res = await fetch(`${modelUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'hi' }] }),
      });
      await res.arrayBuffer();
      return res.ok;
    });
    modelP50 = percentile(direct.latencies, 50);
  }
  const p50 = percentile(run.latencies, 50);
  return {
    requests: run.latencies.length,
    errors: run.errors,
    concurrency,
    rps: round(run.latencies.length / run.seconds),
    mean: round(run.latencies.reduce((s, x) => s + x, 0) / Math.max(run.latencies.length, 1)),
    p50: round(p50),
    p95: round(percentile(run.latencies, 95)),
    p99: round(percentile(run.latencies, 99)),
    modelP50: round(modelP50),
    overheadP50: round(p50 - modelP50),
  };
}
