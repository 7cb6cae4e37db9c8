import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerStaticFrontend } from './static-frontend';

const PAGE = '<!doctype html><html><head><title>Jarvis</title></head><body><div id="root"></div></body></html>';

describe('the served page', () => {
  let app: FastifyInstance | undefined;
  let dist: string | undefined;

  afterEach(async () => {
    await app?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  async function serve(settings: Parameters<typeof registerStaticFrontend>[2]) {
    dist = mkdtempSync(join(tmpdir(), 'jarvis-dist-'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    app = Fastify();
    await registerStaticFrontend(app, dist, settings);
    return app;
  }

  it("carries the operator's CONTRACTS_URL at /, a client route and /index.html (the offline shell), escaped", async () => {
    const server = await serve({ contractsUrl: 'https://contracts.example.com/new?a=1&b="2"' });
    for (const url of ['/', '/settings', '/index.html']) {
      const res = await server.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain(
        '<meta name="jarvis-contracts-url" content="https://contracts.example.com/new?a=1&amp;b=&quot;2&quot;" /></head>',
      );
    }
    expect((await server.inject({ url: '/assets/app-1234.js' })).body).toBe('console.log(1)');
  });

  it('serves the page as built when CONTRACTS_URL is not set, and keeps /api paths out of the fallback', async () => {
    const server = await serve({});
    expect((await server.inject({ url: '/' })).body).toBe(PAGE);
    expect((await server.inject({ url: '/index.html' })).body).toBe(PAGE);
    expect((await server.inject({ url: '/api/nothing' })).statusCode).toBe(404);
  });
});
